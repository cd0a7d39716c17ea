/**
 * Every answer an API test receives, checked against the OpenAPI document the app serves: its status is declared for
 * the operation (exactly, as 4XX/5XX, or as default), and a JSON body matches the schema declared for that status.
 * So the document cannot drift from what the server does.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';

type Media = { schema?: unknown };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };
export type Answer = { statusCode: number; headers: Record<string, string>; body: string };

// ajv-formats is CommonJS with its function as the default export.
const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** A Fastify route url (`/api/products/:id`) as the document's path (`/api/products/{id}`). */
export const openApiPath = (routeUrl: string) => routeUrl.replace(/:(\w+)/g, '{$1}');

/** A checker for one document: the problem with an answer as a sentence, or null when the document allows it. */
export function answerChecker(doc: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();

  return (method: string, routeUrl: string, answer: Answer): string | null => {
    const path = openApiPath(routeUrl);
    const op = doc.paths[path]?.[method.toLowerCase()];
    if (!op) return null; // a route the document hides (the documentation's own pages)
    const where = `${method} ${path}`;
    const responses = op.responses ?? {};
    const status = String(answer.statusCode);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) {
      return `${where} answered ${status}, which the OpenAPI document does not declare for it (it declares ${Object.keys(responses).join(', ')}). Body: ${answer.body.slice(0, 300)}`;
    }
    const type = (answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = responses[key]!.content;
    if (content && type && !(type in content)) {
      return `${where} answered ${status} as ${type}, which the OpenAPI document does not declare for it (it declares ${Object.keys(content).join(', ')}).`;
    }
    const media = content?.['application/json'];
    if (type !== 'application/json' || !media?.schema) return null;
    const ref = `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`;
    let validate = validators.get(ref);
    if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
    if (validate(JSON.parse(answer.body))) return null;
    return `${where} answered ${status} with a body the OpenAPI document's schema for ${key} refuses: ${ajv.errorsText(validate.errors)}. Body: ${answer.body.slice(0, 300)}`;
  };
}
