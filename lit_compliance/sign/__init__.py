"""The table sign: text metrics of the bundled fonts (:mod:`.metrics`), the sheet's layout and type
sizes (:mod:`.layout`), and the placard itself with its digest and QR code (:mod:`.placard`)."""
