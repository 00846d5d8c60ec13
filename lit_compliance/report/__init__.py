"""Reports built from the game math: PAR sheets (:mod:`.par_view`) and what-if pricing (:mod:`.whatif`)."""
