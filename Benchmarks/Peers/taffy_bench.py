"""taffy_bench: Taffy (through stretchable's Rust extension `taffylib`) as a peer harness.
Workload `flow` only:
  a container (flex-direction row, flex-wrap wrap, gap 6 × 6, width W) with 10,000 fixed-size
  leaves (leaf i: width 20 + (i*37) % 80, height 20; no measure functions).
  (a) first layout: per rep a new Taffy tree is built (untimed), then one compute_layout at --width
      (default 375) is timed.
  (b) relayout at a new width, on the last tree: the container's style is replaced with one of the
      new width (untimed; Taffy marks it dirty), then compute_layout is timed; widths alternate
      --width2 (default 320), --width, --width2, … (the untimed warm-up takes the first one).
Rounding is off. The tree is built and laid out with taffylib's functions directly (one Python→Rust
call per timed layout): stretchable's Node.compute_layout would also walk all 10,000 nodes in Python
to copy their boxes out, which is binding overhead, not Taffy. Styles come from stretchable.Style.
Both container heights are checked against greedy row filling computed here by hand.
As TextFitBench's `--peer flow`: items = 1 (one layout of the tree), ns_per_item = relayout times;
the first-layout times go to the extra key first_layout_ns.
--corpus/--fonts/--size are accepted and ignored.
"""
import re
import sys
import time

sys.dont_write_bytecode = True  # keep __pycache__ out of the source tree
from peers_common import fail, parse_args, print_result  # noqa: E402

LEAVES = 10_000


def leaf_width(i):
    return 20 + (i * 37) % 80


def expected_height(width):
    """Greedy rows: a leaf joins the current row when row width + 6 + leaf width ≤ width."""
    rows, row = 1, leaf_width(0)
    for i in range(1, LEAVES):
        if row + 6 + leaf_width(i) <= width:
            row += 6 + leaf_width(i)
        else:
            rows, row = rows + 1, leaf_width(i)
    return rows * 20 + (rows - 1) * 6


def main():
    args = parse_args(["flow"])
    width = args.width if args.width is not None else 375.0
    import importlib.metadata

    from stretchable import taffylib
    from stretchable.style import AUTO, PT, FlexDirection, FlexWrap, Size, Style
    from stretchable.style.geometry.size import SizeAvailableSpace

    def container_style(w):
        return Style(flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP, gap=6 * PT,
                     size=Size(w * PT, AUTO)).to_dict()

    leaf_styles = {w: Style(size=Size(w * PT, 20 * PT)).to_dict() for w in set(map(leaf_width, range(LEAVES)))}
    available = SizeAvailableSpace.default().to_dict()  # the container's own width is definite
    layout = taffylib.PyLayout()

    def build():
        tree = taffylib.init()
        taffylib.disable_rounding(tree)
        root = taffylib.node_create(tree, container_style(width))
        for i in range(LEAVES):
            taffylib.node_add_child(tree, root, taffylib.node_create(tree, leaf_styles[leaf_width(i)]))
        return tree, root

    def timed_layout(tree, root, w):
        start = time.perf_counter_ns()
        ok = taffylib.node_compute_layout(tree, root, available)
        elapsed = time.perf_counter_ns() - start
        taffylib.node_get_layout(tree, root, layout)
        if not ok or layout.height != expected_height(w):
            fail(f"taffy flow: container height at width {w:g} is {layout.height}, expected {expected_height(w)}")
        return elapsed, layout.height

    first, relayout = [], []
    tree = None
    first_layouts = args.reps if args.first_layouts is None else args.first_layouts
    for rep in range(-1, first_layouts):  # rep -1: the warm-up pass
        if tree is not None:
            taffylib.free(tree)
        tree, root = build()
        elapsed, height_w = timed_layout(tree, root, width)
        if rep >= 0:
            first.append(elapsed)
    for rep in range(-1, args.reps):  # warm-up → W2, rep 0 → W, rep 1 → W2, …
        w = args.width2 if (rep + 1) % 2 == 0 else width
        taffylib.node_set_style(tree, root, container_style(w))
        if not taffylib.node_dirty(tree, root):
            fail("taffy flow: replacing the container's style did not mark it dirty")
        elapsed, height = timed_layout(tree, root, w)
        if w == args.width2:
            height_w2 = height
        if rep >= 0:
            relayout.append(elapsed)
    taffylib.free(tree)

    version = importlib.metadata.version("stretchable")
    # The Taffy crate version compiled into the extension, if its name is visible in the binary.
    with open(taffylib.__file__, "rb") as f:
        found = sorted(set(re.findall(rb"taffy-(\d+\.\d+\.\d+)", f.read())))
    taffy_version = found[-1].decode() if found else "unknown"
    notes = (f"Taffy {taffy_version} via stretchable {version} (taffylib calls, rounding off); {LEAVES} leaves; "
             f"ns_per_item: relayout = compute_layout after node_set_style (untimed), widths alternating "
             f"{args.width2:g}/{width:g}; first_layout_ns: compute_layout of a freshly built tree at W={width:g} "
             "(building untimed); heights checked against greedy rows")
    sums = {f"flow_height_at_{width:g}": height_w, f"flow_height_at_{args.width2:g}": height_w2}
    print_result("taffy", taffy_version, "flow", 1, 0, relayout, sums, notes, first_layout_ns=first)


if __name__ == "__main__":
    main()
