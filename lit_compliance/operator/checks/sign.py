"""Check that the sign can be printed: the payout schedule fits the configured sign size with type
no smaller than the minimum (the placard command refuses otherwise)."""
from __future__ import annotations

from ...sign.placard import placard_view
from ...sign.layout import PlacardTooFull
from .core import ERROR, Context


def check_sign_fits(ctx: Context) -> None:
    """``sign_does_not_fit``: asked only of a configuration that is otherwise sound."""
    if any(f.severity == ERROR for f in ctx.out):
        return
    try:
        placard_view(ctx.rs, ctx.cfg, with_qr=False)
    except PlacardTooFull as exc:
        cites = [rule.cite for rule in ctx.model.signage if rule.cite]
        ctx.add("sign_does_not_fit", ("sign_size",), str(exc), "; ".join(cites[:2]) or ctx.source)
