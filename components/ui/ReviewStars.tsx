/** A review's rating (1-5) on the full scale: filled and empty stars to see, the score in words to hear. */
export function ReviewStars({ score, className = '' }: { score: number; className?: string }) {
  const n = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <span className={`text-amber-600 ${className}`}>
      <span aria-hidden="true">
        {'★'.repeat(n)}
        {'☆'.repeat(5 - n)}
      </span>
      <span className="sr-only">{n}分（满分5分）</span>
    </span>
  );
}
