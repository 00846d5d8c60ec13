"""``python -m lit_compliance``: the command line."""
from lit_compliance.cli import main

if __name__ == "__main__":
    main()
