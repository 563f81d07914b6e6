/** SPEC 4.4: the apply status of a training project as a visitor sees it (1-5, 9). */
export interface TrainApplyFields {
  applyMode: number;
  applyStartAt: Date | null;
  applyEndAt: Date | null;
}

export function visitorApplyStatus(t: TrainApplyFields, now: Date = new Date()): number {
  if (t.applyMode === 1) return 1;
  if (t.applyMode === 9) return 9;
  if (!t.applyStartAt || !t.applyEndAt) return 2;
  if (now < t.applyStartAt) return 3;
  if (now > t.applyEndAt) return 5;
  return 4;
}
