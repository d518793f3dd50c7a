import { AVATAR_MAX_BYTES, POST_MEDIA_MAX_BYTES, postContentSchema } from '@piste/contracts';
import i18next from 'i18next';
import { z } from 'zod';
import { mountEach, settle, typeInto } from '../test-support/mounted';
import { argumentOfOnlyCall } from '../test-support/mock-calls';
import { acceptFile, useContractForm, validationToast } from './forms';
import { notify } from './toast';

jest.mock('./toast', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const toast = jest.mocked(notify);

const clubSchema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter a name' }),
  city: z.string().trim().min(1, { message: 'Please enter a city' }),
  motto: z.string().max(5, { message: 'Too long' }),
});

const onValid = jest.fn();

function ClubForm() {
  const form = useContractForm(clubSchema, {
    defaultValues: { name: '', city: '', motto: '' },
    toastTitles: { 'Please enter a city': 'City required' },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onValid)}>
      {(['name', 'city', 'motto'] as const).map((name) => {
        const { error, ...input } = form.field(name);
        return (
          <div key={name}>
            <input id={name} {...input} />
            <p id={`${name}-error`}>{error}</p>
          </div>
        );
      })}
    </form>
  );
}

beforeEach(() => jest.clearAllMocks());
const view = mountEach(() => <ClubForm />);

const input = (name: string) => view.host().querySelector<HTMLInputElement>(`#${name}`)!;
const errorOf = (name: string) => view.host().querySelector(`#${name}-error`)!.textContent;
const type = (name: string, text: string) => typeInto(input(name), text);
const submit = () => settle(() => view.host().querySelector('form')!.requestSubmit());

describe('useContractForm', () => {
  it('shows each failing field its first issue, focuses the first and raises the toast the spec names', async () => {
    type('motto', 'Touché!');
    await submit();
    expect(errorOf('name')).toBe('Please enter a name');
    expect(errorOf('city')).toBe('Please enter a city');
    expect(errorOf('motto')).toBe('Too long');
    expect(document.activeElement).toBe(input('name'));
    // 'Please enter a name' has no toast title: the first failing field that has one raises it.
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('City required', 'Please enter a city');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears a field error once the field is edited, until the next submit', async () => {
    await submit();
    type('city', ' ');
    expect(errorOf('city')).toBe('');
    expect(errorOf('name')).toBe('Please enter a name');
    await submit();
    expect(errorOf('city')).toBe('Please enter a city');
  });

  it('hands the parsed values to the submit handler', async () => {
    type('name', '  Salle Lucien  ');
    type('city', 'Lyon');
    await submit();
    expect(argumentOfOnlyCall(onValid)).toEqual({ name: 'Salle Lucien', city: 'Lyon', motto: '' });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('a contract rule in French', () => {
  const postSchema = z.object({ content: postContentSchema });

  function PostForm() {
    const form = useContractForm(postSchema, {
      defaultValues: { content: '' },
      toastTitles: { 'Please enter some content for your post.': 'Contenu requis' },
    });
    const { error, ...input } = form.field('content');
    return (
      <form noValidate onSubmit={form.onSubmit(onValid)}>
        <textarea id="content" {...input} />
        <p id="content-error">{error}</p>
      </form>
    );
  }

  beforeEach(() => settle(() => void i18next.changeLanguage('fr')));
  afterEach(() => settle(() => void i18next.changeLanguage('en')));

  it('shows the schema’s rule in the interface’s language, its values kept, and toasts it in French', async () => {
    view.render(<PostForm />);
    await submit();
    expect(errorOf('content')).toBe('Veuillez écrire quelque chose dans votre publication.');
    expect(toast.error).toHaveBeenCalledWith(
      'Contenu requis',
      'Veuillez écrire quelque chose dans votre publication.',
    );

    typeInto(view.host().querySelector('textarea')!, 'x'.repeat(5001));
    await submit();
    expect(errorOf('content')).toBe('Une publication peut compter au plus 5000 caractères');
  });

  it('keeps a text no schema rule said (zod’s own) as it is', async () => {
    view.render(<ClubForm />);
    await submit();
    expect(errorOf('name')).toBe('Please enter a name');
  });
});

describe('validationToast', () => {
  it('picks the first field whose message has a title, in the order of the errors', () => {
    const titles = { B: 'Title B', C: 'Title C' };
    expect(
      validationToast({ a: { type: 'x', message: 'A' }, c: { type: 'x', message: 'C' } }, titles),
    ).toEqual(['Title C', 'C']);
    expect(validationToast({ a: { type: 'x', message: 'A' } }, titles)).toBeNull();
  });
});

describe('acceptFile', () => {
  const file = (type: string, size: number) => {
    const chosen = new File(['x'], 'f', { type });
    Object.defineProperty(chosen, 'size', { value: size });
    return chosen;
  };

  it('accepts a file of an allowed kind up to the purpose’s size limit', () => {
    expect(acceptFile(file('image/png', AVATAR_MAX_BYTES), 'avatar')).toBe(true);
    expect(acceptFile(file('video/mp4', POST_MEDIA_MAX_BYTES), 'post')).toBe(true);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('refuses another kind or a larger file with the spec toast', () => {
    expect(acceptFile(file('video/mp4', 1), 'avatar')).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith('Invalid file type', 'Please select an image file');
    expect(acceptFile(file('image/png', AVATAR_MAX_BYTES + 1), 'club')).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith(
      'File too large',
      'Please select an image smaller than 10MB',
    );
    expect(acceptFile(file('application/pdf', 1), 'post')).toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith(
      'Invalid file type',
      'Please select an image or video file.',
    );
  });

  it('says the rule in the interface’s language', async () => {
    await settle(() => void i18next.changeLanguage('fr'));
    try {
      expect(acceptFile(file('video/mp4', POST_MEDIA_MAX_BYTES + 1), 'post')).toBe(false);
      expect(toast.error).toHaveBeenLastCalledWith(
        'Fichier trop volumineux',
        'Veuillez choisir un fichier de moins de 50 Mo.',
      );
    } finally {
      await settle(() => void i18next.changeLanguage('en'));
    }
  });
});
