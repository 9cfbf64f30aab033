import sys

from boardroom.cli import main

sys.exit(main())
