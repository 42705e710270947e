"""What pyproject.toml cannot say: the shipped layouts and their rule texts live at the top of
the repository, where a player looks for them, and install inside the package as
``boardgen/layouts`` (``boardgen.layout.layouts_dir`` finds them in either place)."""

from setuptools import find_namespace_packages, setup

setup(
    packages=find_namespace_packages(include=["boardgen", "boardgen.*"]) + ["boardgen.layouts"],
    package_dir={"boardgen.layouts": "layouts"},
)
