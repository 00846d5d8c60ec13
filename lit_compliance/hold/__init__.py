"""The hold check and the simulator: a table's actual results (:mod:`.results`) judged against the
configured table's exact theory (:mod:`.judge`), and honest or deliberately dishonest play dealt in
bulk to produce such results (:mod:`.simulate`)."""
