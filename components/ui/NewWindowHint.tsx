/** Put inside every link that opens another window: screen readers say so, as a sighted user sees it happen. */
export function NewWindowHint() {
  return <span className="sr-only">（在新窗口打开）</span>;
}
