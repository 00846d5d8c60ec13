"""The hold check and the simulator: a table's actual results (:mod:`.results`) judged against the
configured table's exact theory (:mod:`.judge`: rows matched to their tables in :mod:`.matching`,
each wager's periods judged in :mod:`.verdicts`, by the bands of :mod:`.bands`), and honest or
deliberately dishonest play dealt in bulk to produce such results (:mod:`.simulate`)."""
