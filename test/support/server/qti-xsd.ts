import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates QTI 3.0 files against the XSDs kept in test/fixtures/qti3-xsd/ (see its README), with libxml2 compiled to
 * WebAssembly (xmllint-wasm): items and tests against the ASI schema, manifests against the content-packaging one.
 *
 * The schema files stay as published; in memory their `schemaLocation`s are made flat (every file is loaded by its
 * own name, nothing is fetched) and the W3C schemas take the namespaces the QTI schemas import them under (IMS's
 * own copies were amended so: MathML 3 in http://www.w3.org/1998/Math/MathML, SSML 1.1 in
 * http://www.w3.org/2001/10/synthesis; the copies kept here carry W3C's 2010 ones).
 */
const root = path.resolve(import.meta.dirname, '../../fixtures/qti3-xsd');

const asiSchema = 'qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd';
const asiImports = [
  'w3/xml.xsd',
  'w3/XInclude.xsd',
  'w3/mathml3/mathml3.xsd',
  'w3/mathml3/mathml3-common.xsd',
  'w3/mathml3/mathml3-content.xsd',
  'w3/mathml3/mathml3-presentation.xsd',
  'w3/mathml3/mathml3-strict-content.xsd',
  'w3/ssml11/ssmlv1p1-core.xsd',
  'w3/ssml11/synthesis-nonamespace.xsd',
];
const manifestSchema = 'qtiv3p0/imsqtiv3p0_imscpv1p2_v1p0.xsd';
const manifestImports = [
  'w3/xml.xsd',
  'w3/xlink.xsd',
  'imsmd_loose_v1p3p2.xsd',
  'qtiv3p0/imsqtiv3p0_csmv1p1_v1p0.xsd',
  'qtiv3p0/imsqti_metadatav3p0_v1p0.xsd',
  'qtiv3p0/imsqtiv3p0_cpextv1p2_v1p0.xsd',
  'qtiv3p0/imsqtiv3p0_afa3p0drd_v1p0.xsd',
];

const inMemory = (text: string) =>
  text
    .replace(/schemaLocation\s*=\s*"([^"]+)"/g, (_, location: string) => `schemaLocation="${location.split('/').pop()}"`)
    .replaceAll('http://www.w3.org/2010/Math/MathML', 'http://www.w3.org/1998/Math/MathML')
    .replaceAll('http://www.w3.org/2010/10/synthesis', 'http://www.w3.org/2001/10/synthesis');

const schemaFile = async (file: string) => ({
  fileName: path.basename(file),
  contents: inMemory(await readFile(path.join(root, file), 'utf8')),
});

export interface XsdOutcome {
  valid: boolean;
  errors: string[];
}

async function validate(files: { name: string; text: string }[], schema: string, imports: string[]): Promise<XsdOutcome> {
  const result = await validateXML({
    xml: files.map((file) => ({ fileName: file.name.replaceAll('/', '_'), contents: file.text })),
    schema: [await schemaFile(schema)],
    preload: await Promise.all(imports.map(schemaFile)),
    initialMemoryPages: 512,
    maxMemoryPages: 16_384,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/** QTI 3.0 assessment items and tests (the ASI schema). */
export const validateAsi = (files: { name: string; text: string }[]) => validate(files, asiSchema, asiImports);

/** A QTI 3.0 package's `imsmanifest.xml` (content packaging 1.2, QTI 3.0 profile). */
export const validateManifest = (text: string) => validate([{ name: 'imsmanifest.xml', text }], manifestSchema, manifestImports);
