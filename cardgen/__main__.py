"""Allow ``python -m cardgen``."""

from cardgen.entry import main

raise SystemExit(main())
