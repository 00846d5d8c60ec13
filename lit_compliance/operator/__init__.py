"""The operator's journeys on a configured table: the compliance checks (:mod:`.checks`), writing a
configuration (:mod:`.config_builder`, ``init``), the rules summary, floors of many tables and the
diff of two configurations. The configured table itself is :mod:`lit_compliance.table`."""
