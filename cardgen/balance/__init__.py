"""``cardgen balance``: :mod:`view` makes the numbers of :mod:`cardgen.rules.balance` German view
records, :mod:`plot` draws them with matplotlib as SVG in a process of its own (:mod:`plotworker`, in a
folder of cardgen's), and :mod:`report` lays the report out as a PDF (``templates/balance/``)."""
