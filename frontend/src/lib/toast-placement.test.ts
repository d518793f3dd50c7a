import { isTypingField, toastPlacement, visibleTypingFields, type ToasterFrame } from './toast-placement';

const PHONE: ToasterFrame = { top: 126, wide: false, viewport: { width: 360, height: 780 } };
const DESKTOP: ToasterFrame = { top: 76, wide: true, viewport: { width: 1440, height: 900 } };

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });

/** An element laid out at `at` (jsdom lays nothing out). */
function placed<T extends HTMLElement>(element: T, at: Box): T {
  element.getBoundingClientRect = () =>
    ({
      ...at,
      right: at.left + at.width,
      bottom: at.top + at.height,
      x: at.left,
      y: at.top,
    }) as DOMRect;
  return element;
}

function fieldInForm(formBox: Box, fieldBox: Box, field: HTMLElement = document.createElement('textarea')) {
  const form = placed(document.createElement('form'), formBox);
  form.append(placed(field, fieldBox));
  document.body.append(form);
  return field;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('toast placement', () => {
  it('keeps toasts at the top when nothing is being typed', () => {
    expect(toastPlacement(null, [], PHONE)).toBe('top');
    expect(toastPlacement(document.body, [], PHONE)).toBe('top');
    const button = placed(document.createElement('button'), box(0, 130, 360, 40));
    expect(toastPlacement(button, [], PHONE)).toBe('top');
  });

  // The focused field in its form: where the form is, where the field is, on which screen.
  it.each([
    ['top', 'a message box low on a phone', box(0, 700, 360, 80), box(12, 712, 290, 40), PHONE],
    ['top', 'a message box low on a desktop', box(600, 800, 700, 72), box(616, 816, 600, 40), DESKTOP],
    ['bottom', 'the composer under a phone header', box(16, 140, 328, 220), box(60, 160, 280, 80), PHONE],
    ['top', 'a desktop form left of the corner', box(170, 100, 760, 220), box(220, 120, 700, 80), DESKTOP],
    ['top', 'a too-tall form, low in it', box(16, 130, 328, 640), box(30, 650, 300, 40), PHONE],
    ['bottom', 'a too-tall form, high in it', box(16, 130, 328, 640), box(30, 150, 300, 40), PHONE],
  ] as const)(
    'puts the toasts at the %s while the focus is in %s',
    (placement, _where, form, field, screen) => {
      expect(toastPlacement(fieldInForm(form, field), [], screen)).toBe(placement);
    },
  );

  it('moves to the bottom while the desktop search box under the top right corner has the focus', () => {
    // The desktop feed's search box, in the side column.
    const search = placed(document.createElement('input'), box(980, 96, 300, 40));
    document.body.append(search);
    expect(toastPlacement(search, [], DESKTOP)).toBe('bottom');
  });

  it('leaves the top for the bottom when an unfocused field lies under it and none under the bottom', () => {
    const composer = placed(document.createElement('textarea'), box(60, 160, 280, 80));
    expect(toastPlacement(null, [composer], PHONE)).toBe('bottom');
    const low = placed(document.createElement('textarea'), box(60, 690, 280, 40));
    expect(toastPlacement(null, [low], PHONE)).toBe('top');
    // Fields under both edges: the top, as usual.
    expect(toastPlacement(null, [composer, low], PHONE)).toBe('top');
    // The field being typed in wins over the others.
    const typing = fieldInForm(box(0, 680, 360, 60), box(12, 690, 290, 40));
    expect(toastPlacement(typing, [composer, typing], PHONE)).toBe('top');
  });

  it('finds the enabled fields on screen', () => {
    const shown = placed(document.createElement('input'), box(0, 0, 200, 40));
    const disabled = placed(
      Object.assign(document.createElement('textarea'), { disabled: true }),
      box(0, 50, 200, 40),
    );
    const hidden = document.createElement('textarea');
    const checkbox = placed(
      Object.assign(document.createElement('input'), { type: 'checkbox' }),
      box(0, 100, 20, 20),
    );
    document.body.append(shown, disabled, hidden, checkbox);
    expect(visibleTypingFields()).toEqual([shown]);
  });

  it('counts text inputs, text areas, selects and editable content as typing fields', () => {
    const input = (type: string) => Object.assign(document.createElement('input'), { type });
    expect(isTypingField(input('text'))).toBe(true);
    expect(isTypingField(input('search'))).toBe(true);
    expect(isTypingField(document.createElement('textarea'))).toBe(true);
    expect(isTypingField(document.createElement('select'))).toBe(true);
    expect(isTypingField(input('checkbox'))).toBe(false);
    expect(isTypingField(input('submit'))).toBe(false);
    expect(isTypingField(document.createElement('button'))).toBe(false);
  });
});
