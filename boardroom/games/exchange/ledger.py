"""The ledger: the one place where money and shares move.

Every unit of cash and every share moves through :meth:`Ledger.transfer`, with a
reason. Amounts are whole numbers. The market is the issuer of everything at the
start and the only account that may go negative, so every asset sums to zero
over all accounts. Reservations (open orders, taxes due) lock part of a balance:
it cannot be spent or sold until released.

>>> ledger = Ledger()
>>> ledger.transfer(MARKET, "p1", CASH, 200, "endowment")
>>> ledger.transfer(MARKET, "p1", 3, 5, "issue")
>>> ledger.reserve("p1", CASH, 50, "order")
>>> ledger.free("p1", CASH), ledger.balance(MARKET, CASH), ledger.balance("p1", 3)
(150, -200, 5)
>>> ledger.transfer("p1", "p2", CASH, 151, "trade")
Traceback (most recent call last):
...
boardroom.games.exchange.ledger.LedgerError: p1 has 150 free cash, cannot pay 151 (trade).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

Asset = str | int
"""``"cash"`` or a stock number 1–8."""

CASH: Final = "cash"
MARKET: Final = "market"
STATE: Final = "state"
REASONS: Final = frozenset(
    {
        "endowment",
        "issue",
        "trade",
        "capture",
        "income",
        "dividend",
        "tax",
        "salary",
        "bonus",
        "settlement",
    }
)


class LedgerError(ValueError):
    """A transfer or reservation the ledger cannot make (a bug in the caller)."""


def firm_account(firm: int) -> str:
    """The account name of a firm.

    >>> firm_account(3)
    'firm:3'
    """
    return f"firm:{firm}"


def account_firm(account: str) -> int | None:
    """The firm number of a firm account, else None.

    Only ASCII digits without a leading zero name a firm, so no two spellings
    (``firm:١``, ``firm:¹``, ``firm:03``) ever reach the same firm or a phantom one.

    >>> account_firm("firm:3"), account_firm("p3"), account_firm("firm:١"), account_firm("firm:¹")
    (3, None, None, None)
    >>> account_firm("firm:03"), account_firm("firm:12")
    (None, 12)
    """
    number = account[5:]
    digits = account.startswith("firm:") and number.isascii() and number.isdigit()
    return int(number) if digits and number == str(int(number)) else None


@dataclass(init=False)
class Ledger:
    """Balances and reservations of every account, by asset.

    A copy shares each account's figures with its original until one of the two
    changes them (copy on write, account by account): a draft of the state copies
    only the accounts a command touches.

    >>> ledger = Ledger()
    >>> ledger.transfer(MARKET, "p1", CASH, 100, "endowment")
    >>> draft = ledger.copy()
    >>> draft.transfer("p1", "p2", CASH, 30, "trade")
    >>> ledger.balance("p1", CASH), draft.balance("p1", CASH), draft.balance("p2", CASH)
    (100, 70, 30)
    >>> ledger.transfer("p1", "p3", CASH, 5, "trade")
    >>> ledger.balance("p1", CASH), draft.balance("p1", CASH)
    (95, 70)
    """

    balances: dict[str, dict[Asset, int]] = field(default_factory=dict)
    reserved: dict[str, dict[Asset, int]] = field(default_factory=dict)
    shared: bool = field(default=False, compare=False, repr=False)
    """Whether the figures may be shared with a copy (then only ``own`` accounts are this
    ledger's own)."""
    own: set[str] = field(default_factory=set, compare=False, repr=False)

    def __init__(
        self,
        balances: dict[str, dict[Asset, int]] | None = None,
        reserved: dict[str, dict[Asset, int]] | None = None,
        shared: bool = False,
        own: set[str] | None = None,
    ) -> None:
        self.balances = {} if balances is None else balances
        self.reserved = {} if reserved is None else reserved
        self.shared = shared
        self.own = set() if own is None else own

    def __reduce__(
        self,
    ) -> tuple[
        type[Ledger],
        tuple[dict[str, dict[Asset, int]], dict[str, dict[Asset, int]], bool, set[str]],
    ]:
        return (Ledger, (self.balances, self.reserved, self.shared, self.own))

    def copy(self) -> Ledger:
        """An independent copy (sharing each account until either side changes it)."""
        self.shared, self.own = True, set()
        return Ledger(dict(self.balances), dict(self.reserved), True, set())

    def _owned(self, account: str) -> None:
        """Give ``account`` figures of its own before they change."""
        if self.shared and account not in self.own:
            self.own.add(account)
            if account in self.balances:
                self.balances[account] = dict(self.balances[account])
            if account in self.reserved:
                self.reserved[account] = dict(self.reserved[account])

    def balance(self, account: str, asset: Asset) -> int:
        return self.balances.get(account, {}).get(asset, 0)

    def held(self, account: str, asset: Asset) -> int:
        """What ``account`` has reserved of ``asset``."""
        return self.reserved.get(account, {}).get(asset, 0)

    def free(self, account: str, asset: Asset) -> int:
        """What ``account`` may spend or sell now: its balance less its reservations."""
        return self.balance(account, asset) - self.held(account, asset)

    def transfer(
        self, source: str, target: str, asset: Asset, amount: int | float, reason: str
    ) -> None:
        """Move ``amount`` of ``asset`` from ``source`` to ``target``, for ``reason``.

        Only the market may go below zero; nobody may spend what is reserved,
        except a transfer that pays out of a reservation (see :meth:`pay_reserved`).
        """
        whole = self._check(source, target, amount, reason)
        if source != MARKET and self.free(source, asset) < whole:
            what = "cash" if asset == CASH else f"shares of firm {asset}"
            raise LedgerError(
                f"{source} has {self.free(source, asset)} free {what}, "
                f"cannot pay {whole} ({reason})."
            )
        self._move(source, target, asset, whole)

    def pay_reserved(
        self, source: str, target: str, asset: Asset, amount: int, reason: str
    ) -> None:
        """Transfer ``amount`` that ``source`` had reserved: release it and pay it at once."""
        self.release(source, asset, amount)
        self.transfer(source, target, asset, amount, reason)

    @staticmethod
    def _check(source: str, target: str, amount: int | float, reason: str) -> int:
        """The amount, once it is a whole number ≥ 0 between two accounts for a known reason
        (``amount`` is typed wider so that, compiled, a fraction gets this refusal too)."""
        if reason not in REASONS:
            raise LedgerError(f"unknown transfer reason {reason!r}")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise LedgerError(f"a transfer amount must be a whole number ≥ 0, not {amount!r}")
        if source == target:
            raise LedgerError(f"{source} cannot pay itself ({reason})")
        return amount

    def _move(self, source: str, target: str, asset: Asset, amount: int) -> None:
        if amount == 0:
            return
        self._owned(source)
        self._owned(target)
        from_assets = self.balances.setdefault(source, {})
        to_assets = self.balances.setdefault(target, {})
        from_assets[asset] = from_assets.get(asset, 0) - amount
        to_assets[asset] = to_assets.get(asset, 0) + amount

    def reserve(self, account: str, asset: Asset, amount: int, reason: str) -> None:
        """Lock ``amount`` of ``account``'s free ``asset`` (an open order, a tax due)."""
        if amount < 0 or self.free(account, asset) < amount:
            raise LedgerError(f"{account} cannot reserve {amount} of {asset} ({reason})")
        if amount:
            self._owned(account)
            assets = self.reserved.setdefault(account, {})
            assets[asset] = assets.get(asset, 0) + amount

    def release(self, account: str, asset: Asset, amount: int) -> None:
        """Unlock ``amount`` previously reserved."""
        if amount < 0 or self.held(account, asset) < amount:
            raise LedgerError(f"{account} has not reserved {amount} of {asset}")
        if amount:
            self._owned(account)
            assets = self.reserved[account]
            assets[asset] -= amount
            if not assets[asset]:
                del assets[asset]

    def accounts(self) -> list[str]:
        return sorted(self.balances)

    def holdings(self, account: str) -> dict[int, int]:
        """The shares ``account`` holds, by stock (only non-zero)."""
        assets = self.balances.get(account)
        if not assets:
            return {}
        shares = [(int(a), n) for a, n in assets.items() if n and a != CASH]
        shares.sort()  # by stock (a key function is a slow call from compiled code)
        return dict(shares)

    def holders(self, stock: int) -> dict[str, int]:
        """Who holds shares of ``stock`` (the market, the issuer, excluded)."""
        return {
            acc: n
            for acc, assets in sorted(self.balances.items())
            if acc != MARKET and (n := assets.get(stock, 0))
        }

    def totals(self) -> Iterator[tuple[Asset, int]]:
        """Each asset's sum over all accounts (always zero)."""
        sums: dict[Asset, int] = {}
        for assets in self.balances.values():
            for asset, amount in assets.items():
                sums[asset] = sums.get(asset, 0) + amount
        return iter(sorted(sums.items(), key=_asset_key))


def _asset_key(item: tuple[Asset, int]) -> tuple[int, int]:
    asset = item[0]
    return (0, 0) if asset == CASH else (1, int(asset))
