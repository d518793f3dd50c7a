import { isTypingField, toastPlacement, visibleTypingFields, type ToasterFrame } from './toast-placement';

const PHONE: ToasterFrame = { top: 126, wide: false, viewport: { width: 360, height: 780 } };
const DESKTOP: ToasterFrame = { top: 76, wide: true, viewport: { width: 1440, height: 900 } };

/** An element laid out at `box` (jsdom lays nothing out). */
function placed<T extends HTMLElement>(
  element: T,
  box: { left: number; top: number; width: number; height: number },
): T {
  element.getBoundingClientRect = () =>
    ({
      ...box,
      right: box.left + box.width,
      bottom: box.top + box.height,
      x: box.left,
      y: box.top,
    }) as DOMRect;
  return element;
}

function fieldInForm(
  formBox: { left: number; top: number; width: number; height: number },
  fieldBox: { left: number; top: number; width: number; height: number },
  field: HTMLElement = document.createElement('textarea'),
) {
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
    const button = placed(document.createElement('button'), { left: 0, top: 130, width: 360, height: 40 });
    expect(toastPlacement(button, [], PHONE)).toBe('top');
  });

  it('stays at the top over a message box at the bottom of the screen, phone and desktop', () => {
    const phone = fieldInForm(
      { left: 0, top: 700, width: 360, height: 80 },
      { left: 12, top: 712, width: 290, height: 40 },
    );
    expect(toastPlacement(phone, [], PHONE)).toBe('top');
    const desktop = fieldInForm(
      { left: 600, top: 800, width: 700, height: 72 },
      { left: 616, top: 816, width: 600, height: 40 },
    );
    expect(toastPlacement(desktop, [], DESKTOP)).toBe('top');
  });

  it('moves to the bottom while a field under the top toasts has the focus', () => {
    // The feed's composer right below a phone's header.
    const composer = fieldInForm(
      { left: 16, top: 140, width: 328, height: 220 },
      { left: 60, top: 160, width: 280, height: 80 },
    );
    expect(toastPlacement(composer, [], PHONE)).toBe('bottom');
    // The desktop feed's search box, in the side column under the top right corner.
    const search = placed(document.createElement('input'), { left: 980, top: 96, width: 300, height: 40 });
    document.body.append(search);
    expect(toastPlacement(search, [], DESKTOP)).toBe('bottom');
  });

  it('stays at the top on a desktop when the field is left of the top right corner', () => {
    const composer = fieldInForm(
      { left: 170, top: 100, width: 760, height: 220 },
      { left: 220, top: 120, width: 700, height: 80 },
    );
    expect(toastPlacement(composer, [], DESKTOP)).toBe('top');
  });

  it('keeps only the field clear when its form is too tall for either edge', () => {
    const tall = { left: 16, top: 130, width: 328, height: 640 };
    expect(toastPlacement(fieldInForm(tall, { left: 30, top: 650, width: 300, height: 40 }), [], PHONE)).toBe(
      'top',
    );
    expect(toastPlacement(fieldInForm(tall, { left: 30, top: 150, width: 300, height: 40 }), [], PHONE)).toBe(
      'bottom',
    );
  });

  it('leaves the top for the bottom when an unfocused field lies under it and none under the bottom', () => {
    const composer = placed(document.createElement('textarea'), {
      left: 60,
      top: 160,
      width: 280,
      height: 80,
    });
    expect(toastPlacement(null, [composer], PHONE)).toBe('bottom');
    const low = placed(document.createElement('textarea'), { left: 60, top: 690, width: 280, height: 40 });
    expect(toastPlacement(null, [low], PHONE)).toBe('top');
    // Fields under both edges: the top, as usual.
    expect(toastPlacement(null, [composer, low], PHONE)).toBe('top');
    // The field being typed in wins over the others.
    const typing = fieldInForm(
      { left: 0, top: 680, width: 360, height: 60 },
      { left: 12, top: 690, width: 290, height: 40 },
    );
    expect(toastPlacement(typing, [composer, typing], PHONE)).toBe('top');
  });

  it('finds the enabled fields on screen', () => {
    const shown = placed(document.createElement('input'), { left: 0, top: 0, width: 200, height: 40 });
    const disabled = placed(Object.assign(document.createElement('textarea'), { disabled: true }), {
      left: 0,
      top: 50,
      width: 200,
      height: 40,
    });
    const hidden = document.createElement('textarea');
    const box = placed(Object.assign(document.createElement('input'), { type: 'checkbox' }), {
      left: 0,
      top: 100,
      width: 20,
      height: 20,
    });
    document.body.append(shown, disabled, hidden, box);
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
