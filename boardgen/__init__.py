"""boardgen: print-ready boards, components and rule booklets for race games."""

__version__ = "0.1.0"
