import { createNoticeSpace, NOTICE_OFFSET, NOTICE_ZONE_PX, noticeLift } from './notice-space';

// A laptop and a phone window; the notifications are 292 px wide, 20 px from the right edge.
const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const box = (left: number, top: number, width: number, height: number) => ({ left, top, right: left + width, bottom: top + height });

describe('noticeLift: notifications stay bottom right but above the buttons a screen names', () => {
  test("nothing to keep clear, or nothing on screen: Fluent's own 16 px", () => {
    expect(noticeLift([], laptop)).toBe(NOTICE_OFFSET.vertical);
    // below the window (scrolled away) and above it
    expect(noticeLift([box(1000, 900, 250, 32)], laptop)).toBe(NOTICE_OFFSET.vertical);
    expect(noticeLift([box(1000, -60, 250, 32)], laptop)).toBe(NOTICE_OFFSET.vertical);
    // not laid out (display: none)
    expect(noticeLift([box(0, 0, 0, 0)], laptop)).toBe(NOTICE_OFFSET.vertical);
  });

  test('buttons at the bottom right lift the notifications just above them', () => {
    // "Regresar" and "Ver resumen de entrada" on the last line of the window
    expect(noticeLift([box(929, 768, 323, 32)], laptop)).toBe(800 - 768 + 8);
    // half cut by the window's edge: above the part that shows
    expect(noticeLift([box(929, 790, 323, 32)], laptop)).toBe(800 - 790 + 8);
    // on a phone the notifications span almost the whole width
    expect(noticeLift([box(28, 784, 334, 32)], phone)).toBe(844 - 784 + 8);
  });

  test('buttons higher up than the notifications reach, or left of them, do not move them', () => {
    expect(noticeLift([box(929, 800 - NOTICE_ZONE_PX - 1, 323, 32)], laptop)).toBe(NOTICE_OFFSET.vertical);
    expect(noticeLift([box(300, 768, 600, 32)], laptop)).toBe(NOTICE_OFFSET.vertical);
  });

  test('the highest of several wins', () => {
    expect(noticeLift([box(929, 768, 323, 32), box(929, 700, 323, 32)], laptop)).toBe(800 - 700 + 8);
  });
});

describe('createNoticeSpace: the field being typed in is kept clear without a screen asking', () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  beforeEach(() => {
    jest.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(laptop.width);
    jest.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(laptop.height);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    document.body.innerHTML = '';
  });

  test('a focused field at the bottom right lifts the notifications above it; leaving it lets them down', async () => {
    const space = createNoticeSpace();
    const stop = space.followFocus();
    const field = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(field, button);
    field.getBoundingClientRect = () => ({ ...box(1000, 760, 200, 32), x: 1000, y: 760, width: 200, height: 32, toJSON: () => ({}) });
    field.focus();
    await frame();
    expect(space.lift()).toBe(800 - 760 + 8);
    button.focus();
    await Promise.resolve();
    await frame();
    expect(space.lift()).toBe(NOTICE_OFFSET.vertical);
    stop();
  });
});
