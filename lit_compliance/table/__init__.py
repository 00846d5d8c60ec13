"""The configured table: an operator's configuration file, loaded and typed (:mod:`.config`), what it
means under its ruleset (:mod:`.configured`, :mod:`.par_options`, :mod:`.limit_room`), and its one
theory (:mod:`.theory`: every wager at the table's own settings; :mod:`.player_round`: the joint
distribution of one player's round; :mod:`.figures`: the whole-table record that ``check`` and
``par CONFIG`` print). The checks, the sign and the hold check read it; it reads none of them."""
