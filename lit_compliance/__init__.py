"""lit-compliance: the rules catalogue, engine and game math for Let It Ride poker."""

__version__ = "0.1.0"
