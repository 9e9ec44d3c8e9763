import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import {
  bodyFromValues,
  changeValue,
  initialValues,
  isLocked,
  isShown,
  problemsFromFailure,
  sameValues,
  validate,
  valuesFromRecord,
  type FieldSpec,
} from '../../src/machines/form-fields';
import { selectIsDirty } from '../../src/machines/form.machine';
import { contentEditFields, newContentFields } from '../../src/views/resources/content-fields';
import { topicsResource } from '../../src/views/resources/topics';
import { startForm } from '../support/fixtures/form';
import { companyState } from '../support/fixtures/session';
import { storedContent } from '../support/fixtures/catalogue';

const field = (fields: readonly FieldSpec[], name: string) => fields.find((candidate) => candidate.name === name)!;
const article = { ...initialValues(contentEditFields), title: 'Welcome', text: 'Hello' };

describe('content form rules: a video is uploaded by reference, an article is written inline', () => {
  it('start a new content as a Video, locked to REFERENCE and without text; the edit defaults are Article and INLINE', () => {
    const created = initialValues(newContentFields);
    expect(created).toMatchObject({ type: 'Video', renderType: 'REFERENCE', text: '', topics: [] });
    expect(isLocked(field(newContentFields, 'renderType'), created)).toBe(true);
    expect(isShown(field(newContentFields, 'text'), created)).toBe(false);
    const edited = initialValues(contentEditFields);
    expect(edited).toMatchObject({ type: 'Article', renderType: 'INLINE' });
    expect(isLocked(field(contentEditFields, 'renderType'), edited)).toBe(false);
  });

  it('choosing Video forces REFERENCE, locks the render type and clears the text', () => {
    const video = changeValue(contentEditFields, article, 'type', 'Video');
    expect(video).toMatchObject({ type: 'Video', renderType: 'REFERENCE', text: '' });
    expect(isLocked(field(contentEditFields, 'renderType'), video)).toBe(true);
    expect(changeValue(contentEditFields, video, 'renderType', 'INLINE')).toBe(video);
    const podcast = changeValue(contentEditFields, video, 'type', 'Podcast');
    expect(isLocked(field(contentEditFields, 'renderType'), podcast)).toBe(false);
    expect(podcast.renderType).toBe('REFERENCE');
  });

  it('choosing Article makes it INLINE, still free to switch back to REFERENCE', () => {
    const created = initialValues(newContentFields);
    const chosen = changeValue(newContentFields, created, 'type', 'Article');
    expect(chosen).toMatchObject({ type: 'Article', renderType: 'INLINE' });
    expect(isLocked(field(newContentFields, 'renderType'), chosen)).toBe(false);
    expect(isShown(field(newContentFields, 'text'), chosen)).toBe(true);
    const reference = changeValue(newContentFields, { ...chosen, title: 'Kept' }, 'renderType', 'REFERENCE');
    expect(reference).toMatchObject({ type: 'Article', renderType: 'REFERENCE', title: 'Kept' });
    expect(changeValue(newContentFields, reference, 'title', 'Renamed').renderType).toBe('REFERENCE');
  });

  it('switching to REFERENCE clears the text, which then is neither shown, checked nor sent', () => {
    const reference = changeValue(contentEditFields, article, 'renderType', 'REFERENCE');
    expect(reference.text).toBe('');
    expect(isShown(field(contentEditFields, 'text'), reference)).toBe(false);
    expect(bodyFromValues(contentEditFields, { ...reference, text: 'left behind' })).not.toHaveProperty('text');
    expect(bodyFromValues(contentEditFields, article)).toMatchObject({ renderType: 'INLINE', text: 'Hello' });
  });

  it('requires a title, and a background that is an http(s) URL when given', () => {
    expect(validate(contentEditFields, { ...article, title: ' ', background: 'ftp://x' })).toEqual({
      title: { rule: 'required' },
      background: { rule: 'url' },
    });
    expect(validate(contentEditFields, { ...article, background: 'https://img.test/a.png' })).toEqual({});
  });

  it("reads the topics of a record and sends them as topicIds; the API's topicIds errors land on the field", () => {
    const values = valuesFromRecord(contentEditFields, storedContent({ topics: [{ id: 't1', name: 'Safety' }], topicIds: ['t1'] }));
    expect(values.topics).toEqual([{ id: 't1', name: 'Safety' }]);
    expect(bodyFromValues(contentEditFields, values)).toMatchObject({ topicIds: ['t1'] });
    expect(bodyFromValues(contentEditFields, { ...values, topics: [] })).toMatchObject({ topicIds: [] });
    const failure = { kind: 'http' as const, status: 400, errors: [{ field: 'topicIds', message: 'not found' }] };
    expect(problemsFromFailure(contentEditFields, failure)).toEqual({ topics: { server: 'not found' } });
  });

  it('tells topic lists apart by their ids, whatever else they carry', () => {
    expect(sameValues({ topics: [{ id: 't1', name: 'A' }] }, { topics: [{ id: 't1', name: 'A', color: '#000000' } as never] })).toBe(true);
    expect(sameValues({ topics: [{ id: 't1', name: 'A' }] }, { topics: [{ id: 't2', name: 'A' }] })).toBe(false);
    expect(sameValues({ topics: [] }, { topics: [{ id: 't1', name: 'A' }] })).toBe(false);
  });

  it('run in the form machine: a loaded Video cannot become INLINE, an Article loses its text on REFERENCE', async () => {
    const form = startForm(
      'k1',
      { loadRecord: async () => storedContent(), saveRecord: async () => storedContent({ version: 2 }) },
      contentEditFields,
    );
    await waitFor(form.actor, (snapshot) => snapshot.matches('editing'));
    form.change('renderType', 'INLINE');
    expect(form.actor.getSnapshot().context.values.renderType).toBe('REFERENCE');
    expect(selectIsDirty(form.actor.getSnapshot())).toBe(false);
    form.change('type', 'Article');
    form.change('renderType', 'INLINE');
    form.change('text', 'Hello');
    form.change('renderType', 'REFERENCE');
    expect(form.actor.getSnapshot().context.values).toMatchObject({ type: 'Article', renderType: 'REFERENCE', text: '' });
    form.actor.send({ type: 'form.submit' });
    await waitFor(form.actor, (snapshot) => snapshot.matches('saved'));
    expect(form.fakes.saveRecord).toHaveBeenCalledWith({
      id: 'k1',
      body: { title: 'Forklift training', background: null, type: 'Article', renderType: 'REFERENCE', topicIds: [] },
      version: 1,
      idempotencyKey: null,
    });
    expect(form.actor.getSnapshot().output).toEqual({ record: storedContent({ version: 2 }) });
  });
});

describe('topic form', () => {
  const topicFields = topicsResource.form.fields(companyState);

  it('starts black and PENDING, and requires a name and a #RRGGBB colour', () => {
    const values = initialValues(topicFields);
    expect(values).toEqual({ name: '', color: '#000000', status: 'PENDING' });
    expect(validate(topicFields, { ...values, color: '' })).toEqual({ name: { rule: 'required' }, color: { rule: 'required' } });
    for (const color of ['#12345', '123456', '#12345G', 'red', '#1234567']) {
      expect(validate(topicFields, { ...values, name: 'Safety', color })).toEqual({ color: { rule: 'hexColor' } });
    }
    expect(validate(topicFields, { ...values, name: 'Safety', color: '#12ab34' })).toEqual({});
  });

  it('upper-cases the colour as picked or typed', () => {
    expect(changeValue(topicFields, initialValues(topicFields), 'color', '#12ab34').color).toBe('#12AB34');
    expect(bodyFromValues(topicFields, { name: 'Safety', color: '#12AB34', status: 'ACTIVE' })).toEqual({
      name: 'Safety',
      color: '#12AB34',
      status: 'ACTIVE',
    });
  });

  it('answers the created record and leads to its page in place of the create page', async () => {
    const created = { id: 'topic-9', createdAt: '', updatedAt: '', version: 1, name: 'Safety', color: '#000000', status: 'PENDING' };
    const form = startForm(null, { saveRecord: async () => created }, topicFields, {
      messages: { createdKey: 'feedback.topicCreated', updatedKey: 'feedback.topicUpdated' },
      leaveTo: '/topics',
      stayAfterCreate: true,
    });
    form.change('name', 'Safety');
    form.actor.send({ type: 'form.submit' });
    await waitFor(form.actor, (snapshot) => snapshot.matches('saved'));
    expect(form.actor.getSnapshot().context.record).toEqual(created);
    expect(form.outcomes).toEqual([
      { notify: { severity: 'success', messageKey: 'feedback.topicCreated' } },
      { navigate: { path: '/topics/topic-9', replace: true } },
    ]);
  });
});
