/** The entity switch rule of spec 5.3: a choice is required and must differ from the current entity. */
export type CorpSwitchError = 'required' | 'same';

export function corpSwitchError(selected: string | undefined, current: string | undefined): CorpSwitchError | undefined {
  if (!selected) return 'required';
  if (selected === current) return 'same';
  return undefined;
}
