/** Scroll shadows: a shade at the edge that has more columns beyond it (the cover gradients move with the content). */
const SCROLL_SHADOWS: React.CSSProperties = {
  background:
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local, linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local, radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), transparent) left / 14px 100% no-repeat scroll, radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), transparent) right / 14px 100% no-repeat scroll',
};

/**
 * A table wider than a phone (WCAG 2.1.1, axe scrollable-region-focusable): a named region that takes focus
 * (arrow keys scroll it), with a hint on narrow screens and a shadow at the edge that has more columns.
 */
export function ScrollTable({
  label,
  hint = true,
  children,
}: {
  label: string;
  hint?: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      {hint && <p className="mb-2 text-xs text-gray-500 sm:hidden">表格较宽，可左右滑动查看全部列</p>}
      {/* relative: the cells' sr-only names (position: absolute) stay inside the scrolling box; positioned by the
          page instead, they sat past its right edge and made the whole page scroll sideways on a phone. */}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="relative overflow-x-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
        style={SCROLL_SHADOWS}
      >
        {children}
      </div>
    </>
  );
}
