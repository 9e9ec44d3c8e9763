import { describe, expect, it } from 'vitest';
import { bodyFromValues, valuesFromRecord, type FieldSpec } from '../../src/machines/form-fields';

const itemFields: FieldSpec[] = [
  { name: 'title', kind: 'text', rules: ['required'] },
  { name: 'type', kind: 'select', defaultValue: 'CONTENT' },
  { name: 'content', kind: 'reference', labelField: 'title', omitWhenEmpty: true },
];

const content = { id: 'k1', name: 'Welcome video' };

describe("an optional reference left out while empty (an item's content)", () => {
  it('is omitted from the body while empty and was empty', () => {
    expect(bodyFromValues(itemFields, { title: 'Intro', type: 'QUIZ', content: null })).toEqual({ title: 'Intro', type: 'QUIZ' });
    expect(bodyFromValues(itemFields, { title: 'Intro', type: 'QUIZ', content: null }, { content: null })).toEqual({
      title: 'Intro',
      type: 'QUIZ',
    });
  });

  it('is sent as its id when chosen', () => {
    expect(bodyFromValues(itemFields, { title: 'Intro', type: 'CONTENT', content })).toEqual({
      title: 'Intro',
      type: 'CONTENT',
      contentId: 'k1',
    });
  });

  it('is sent as null when it empties a stored value, which the API would otherwise keep', () => {
    expect(bodyFromValues(itemFields, { title: 'Intro', type: 'CONTENT', content: null }, { content })).toEqual({
      title: 'Intro',
      type: 'CONTENT',
      contentId: null,
    });
  });

  it('is loaded with the property that names the referenced record', () => {
    const item = { title: 'Intro', type: 'CONTENT', content: { id: 'k1', title: 'Welcome video' } };
    expect(valuesFromRecord(itemFields, item)).toEqual({ title: 'Intro', type: 'CONTENT', content });
    expect(valuesFromRecord(itemFields, { ...item, content: null }).content).toBeNull();
  });
});
