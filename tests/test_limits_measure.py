"""Measuring art for the checks: the same shapes, text sizes and reach as a plain walk finds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgen import limits
from boardgen.scene import (IDENTITY, Circle, Group, Line, Path, Polygon, Rect, Scene, Text, Use,
                            apply, rotate)


def plain_measure(scene: Scene) -> tuple:
    """Every node visited through every symbol, points mapped to the scene one by one
    (symbols that use each other in a loop are followed once round it)."""
    shapes, least, xs, ys, bad = 0, math.inf, [], [], None

    def visit(nodes, m, trail, scale):
        nonlocal shapes, least, bad
        for node in nodes:
            if isinstance(node, Group):
                visit(node.children, compose(m, node.transform), trail,
                      scale * limits.scale_of(node.transform))
            elif isinstance(node, Use):
                if node.symbol in scene.symbols and node.symbol not in trail:
                    visit(scene.symbols[node.symbol], compose(m, node.transform),
                          trail | {node.symbol}, scale * limits.scale_of(node.transform))
            else:
                shapes += 1
                if isinstance(node, Text):
                    if node.text.strip():
                        least = min(least, node.size * scale)
                    if bad is None and limits.text_problem(node.text) is not None:
                        bad = node.text
                for x, y in corners(node, m):
                    xs.append(x)
                    ys.append(y)

    visit(scene.children, IDENTITY, frozenset(), 1.0)
    return shapes, least, (min(xs), min(ys), max(xs), max(ys)) if xs else None, bad


def compose(outer, inner):
    from boardgen.scene import compose as both

    return both(outer, inner)


def corners(node, m):
    x0, y0, x1, y1 = limits._box(limits._points(node))
    return [apply(m, p) for p in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]


coordinates = st.integers(-200, 200).map(float)
transforms = st.one_of(st.just(IDENTITY), st.builds(
    lambda a, dx, dy, s: tuple(round(v, 6) for v in compose(
        (s, 0.0, 0.0, s, dx, dy), rotate(a))),
    st.sampled_from([0, 90, 180, 270]), coordinates, coordinates, st.sampled_from([0.5, 1.0, 2.0])))
texts = st.sampled_from(["A", "Start", " ", "", "bad\u0007bell", "x\u0378y"])
shapes = st.one_of(
    st.builds(Rect, coordinates, coordinates, coordinates, coordinates),
    st.builds(Circle, coordinates, coordinates, st.integers(0, 50).map(float)),
    st.builds(Line, coordinates, coordinates, coordinates, coordinates),
    st.builds(Text, coordinates, coordinates, texts, st.sampled_from([0.5, 2.0, 4.0])))


def node_lists(*symbols: str):
    """Nodes in nested groups, using the symbols named (and one that does not exist)."""
    uses = st.builds(Use, st.sampled_from([*symbols, "missing"]), transforms)
    leaves = st.one_of(shapes, uses, uses) if symbols else shapes
    nodes = st.recursive(leaves, lambda inner: st.builds(
        Group, st.lists(inner, max_size=4).map(tuple), transforms), max_leaves=12)
    return st.lists(nodes, max_size=5).map(tuple)


@settings(max_examples=300, deadline=None)
@given(node_lists("a", "b"), node_lists("a"), node_lists())
def test_a_measure_is_what_a_walk_through_every_node_finds(children, b, a):
    scene = Scene(400, 400, children, symbols={"a": a, "b": b})
    found = limits.measure(scene)
    shapes, least, reach, bad = plain_measure(scene)
    assert (found.shapes, found.bad_text) == (shapes, bad)
    assert found.min_text == least or math.isclose(found.min_text, least)
    if reach is None or found.bounds is None:
        assert reach == found.bounds
    else:
        assert all(math.isclose(p, q, abs_tol=1e-9) for p, q in zip(found.bounds, reach))


def test_symbols_that_use_each_other_are_measured_once_round_the_loop():
    scene = Scene(100, 100, (Use("b"), Use("a")),
                  symbols={"a": (Rect(0, 0, 1, 1), Use("b")), "b": (Rect(0, 0, 2, 2), Use("a"))})
    found = limits.measure(scene)
    assert found.shapes >= 2 and found.bounds == (0, 0, 2, 2)


commands = st.one_of(
    st.builds(lambda x, y: ("M", x, y), coordinates, coordinates),
    st.builds(lambda x, y: ("L", x, y), coordinates, coordinates),
    st.builds(lambda *v: ("C", *v), *[coordinates] * 6),
    st.just(("Z",)))


@settings(max_examples=200, deadline=None)
@given(coordinates, coordinates, st.lists(commands, max_size=8), transforms)
def test_paths_and_polygons_reach_as_far_as_their_points(x, y, rest, transform):
    path = (("M", x, y), *rest)
    points = tuple((x, y) for command in path for x, y in zip(command[1::2], command[2::2]))
    scene = Scene(400, 400, (Group((Path(path), Polygon(points)), transform),))
    shapes, least, reach, bad = plain_measure(scene)
    found = limits.measure(scene)
    assert (found.shapes, found.min_text, found.bad_text) == (shapes, least, bad)
    assert (shapes, least, bad) == (2, math.inf, None)
    if reach is None or found.bounds is None:
        assert reach == found.bounds
    else:
        assert all(math.isclose(p, q, abs_tol=1e-9) for p, q in zip(found.bounds, reach))


@pytest.mark.parametrize("dpi, most", [(300, 212), (300, 299), (300, 1), (2, 1), (300, 0)])
def test_the_advice_names_the_highest_resolution_that_fits(dpi, most):
    advice = limits.lower_dpi(lambda d: d <= most, dpi)
    assert advice == (f"use --dpi {most} or lower" if most else "use a lower --dpi")
