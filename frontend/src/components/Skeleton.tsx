/** How a placeholder bar reads: strong for a name or a title, soft for the text around it. */
const TONES = {
  strong: 'bg-slate-200 dark:bg-slate-700',
  soft: 'bg-slate-100 dark:bg-slate-800',
};

/** A bar's size classes, soft unless it says otherwise. */
export type Bar = string | [size: string, tone: keyof typeof TONES];

/** Grey bars standing in for lines of text while they load, laid out by `className`. */
export function SkeletonBars({ bars, className }: { bars: Bar[]; className: string }) {
  return (
    <div className={className}>
      {bars.map((bar, index) => {
        const [size, tone] = typeof bar === 'string' ? [bar, 'soft' as const] : bar;
        return <div key={index} className={`rounded ${size} ${TONES[tone]}`} />;
      })}
    </div>
  );
}
