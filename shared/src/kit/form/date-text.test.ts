import { dateTextToIso, isoToDateText, maskDateText } from './date-text';

describe('date text (DD/MM/YYYY on screen, YYYY-MM-DD in the form)', () => {
  it.each([
    ['28/11/2026', '2026-11-28'],
    ['1/2/2026', '2026-02-01'],
    ['28-11-2026', '2026-11-28'],
    ['28.11.2026', '2026-11-28'],
    ['28112026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    [' 28/11/2026 ', '2026-11-28'],
    ['', ''],
  ])('reads %j as %j', (typed, iso) => {
    expect(dateTextToIso(typed)).toBe(iso);
  });

  it.each(['11/28/2026', '31/02/2026', '28/11', '28/11/26', 'mañana', '2026-02-30'])('finds no date in %j', (typed) => {
    expect(dateTextToIso(typed)).toBeNull();
  });

  it('shows a calendar date day first and leaves anything else as it is', () => {
    expect(isoToDateText('2026-11-28')).toBe('28/11/2026');
    expect(isoToDateText('28/1')).toBe('28/1');
  });

  it('writes the slashes while digits are typed, not while deleting', () => {
    let text = '';
    for (const key of '28112026') text = maskDateText(text + key, text);
    expect(text).toBe('28/11/2026');
    expect(maskDateText('28/11', '28/11/')).toBe('28/11');
    expect(maskDateText('28//', '28/')).toBe('28/');
    expect(maskDateText('2026-11-28', '')).toBe('2026-11-28');
    expect(maskDateText('28/11/2026abc9', '28/11/2026')).toBe('28/11/2026');
  });
});
