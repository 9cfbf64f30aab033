"""Robots that take empty seats."""
