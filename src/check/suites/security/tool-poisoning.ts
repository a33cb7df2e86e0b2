/**
 * Tool poisoning (GitHub issue 11): everything the server hands the model before any call, scanned
 * statically. Tools (name, title, description, every description and title in their schemas),
 * prompts and their arguments, resources and templates, the text of the first few listed text
 * resources, and the server's instructions. One finding per suspicious span, graded by its rule
 * (src/check/requirements/security.yaml): orders aimed at the model, requests to leak data, orders
 * to other tools, invisible characters, confusable names, encoded payloads, overlong descriptions.
 */
import type { McpClient } from '../../../client/types.js';
import { isObject } from '../../../protocol/jsonrpc.js';
import { TransportError } from '../../../protocol/transport-error.js';
import type { ListMethod } from '../../../protocol/lists.js';
import { displayQuote, findPoisoning, MAX_SCANNED, type ScanOptions } from '../../../scan/poisoning.js';
import { promptTexts, resourceTexts, toolTexts, type ServedText } from '../../../scan/poison-texts.js';
import { defineCheck, pass, skip } from '../../define.js';
import { listPages } from '../../probes/tools/list-pages.js';
import type { CheckContext, Evidence, Finding, FindingLocation } from '../../types.js';
import { boundFindings, poisonFinding, ScanBudget } from '../../probes/security/poison-finding.js';

/** Listed text resources read: their text reaches the model as soon as a host attaches them. */
const MAX_RESOURCE_READS = 20;

/** One piece of served text, and what a finding in it says about where it is. */
interface Source {
  kind: 'tools' | 'prompts' | 'resources' | 'resource templates' | 'resource texts read' | 'server instructions';
  label: string;
  location: (pointer: string) => FindingLocation;
  evidence?: Evidence[];
  /** Made when scanned: 10,000 tools' texts and pointers made at once held 8 MB until the scan ended. */
  texts: () => ServedText[];
  scan: Pick<ScanOptions, 'encoded'>;
  /** The server's tool names (one array for every text): orders to them are shadowing. */
  otherTools: string[];
  /** The tool the text belongs to, if any. */
  self?: string;
}

export default defineCheck({
  id: 'security.tool-poisoning',
  title: 'Tool, prompt and resource metadata and server instructions carry no injection',
  suite: 'security',
  requirements: [
    'SEC-POISON-INSTRUCTIONS',
    'SEC-POISON-EXFILTRATION',
    'SEC-POISON-SHADOWING',
    'SEC-POISON-INVISIBLE',
    'SEC-POISON-CONFUSABLE',
    'SEC-POISON-ENCODED',
    'SEC-POISON-OVERLONG',
  ],
  spec: 'basic/security_best_practices',
  async run(ctx) {
    const unread: string[] = [];
    const groups = await servedGroups(ctx, unread);
    if (groups.every((group) => group.count === 0))
      return skip(unread.length > 0 ? `nothing could be read: ${unread.join('; ')}` : 'the server offers no tools, prompts, resources or instructions');
    const findings: Finding[] = [];
    const budget = new ScanBudget();
    let scanned = 0;
    for (const group of groups) {
      for (const source of group.sources()) {
        for (const { text, kind, pointer } of source.texts()) {
          if (!budget.take(text)) continue;
          scanned++;
          for (const span of findPoisoning(text, { kind, otherTools: source.otherTools, self: source.self, ...source.scan }))
            findings.push(poisonFinding(span, `${source.label} ${pointer}`, source.location(pointer), source.evidence));
        }
      }
    }
    if (findings.length > 0) return [...boundFindings(findings), ...budget.note()];
    return [
      ...budget.note(),
      pass(
        `${scanned} texts scanned (${describe(groups)}): no hidden instructions, leak requests, orders to other tools, invisible or confusable characters, encoded payloads or overlong descriptions`,
      ),
    ];
  },
});

/**
 * Served things of one kind, made into sources one at a time as the scan reaches them: a source
 * per item made at once (its label, closures and context) held 15 MB for 50,000 tools.
 */
interface SourceGroup {
  kind: Source['kind'];
  count: number;
  sources(): Iterable<Source>;
}

/** A page of a list: its items and the evidence they share. */
interface ListedPage {
  items: Record<string, unknown>[];
  evidence: Evidence[];
}

/** Everything served, by kind; `unread` collects the lists that could not be read (the list checks judge them). */
async function servedGroups(ctx: CheckContext, unread: string[]): Promise<SourceGroup[]> {
  const { client } = ctx;
  const declared = (capability: string) => capability in client.serverCapabilities;
  const tools = declared('tools') ? await listed(ctx, client, 'tools/list', unread) : [];
  const toolNames = tools.flatMap((page) => page.items.map((item) => item.name)).filter((name): name is string => typeof name === 'string');
  const groups: SourceGroup[] = [
    groupOf('tools', tools, (item, evidence) => ({
      kind: 'tools',
      label: `tool ${shown(item.name)}`,
      location: (pointer) => ({ tool: String(item.name), pointer }),
      evidence,
      texts: () => toolTexts(item),
      scan: {},
      otherTools: toolNames,
      self: typeof item.name === 'string' ? item.name : undefined,
    })),
  ];
  const listedGroup = (
    kind: Source['kind'],
    [method, pages]: [string, ListedPage[]],
    label: (item: Record<string, unknown>) => string,
    texts: (item: Record<string, unknown>) => ServedText[],
  ) =>
    groupOf(kind, pages, (item, evidence) => ({
      kind,
      label: label(item),
      location: () => ({ method }),
      evidence,
      texts: () => texts(item),
      scan: {},
      otherTools: toolNames,
    }));
  if (declared('prompts')) {
    const prompts = await listed(ctx, client, 'prompts/list', unread);
    groups.push(listedGroup('prompts', ['prompts/list', prompts], (item) => `prompt ${shown(item.name)}`, promptTexts));
  }
  if (declared('resources')) {
    const resources = await listed(ctx, client, 'resources/list', unread);
    groups.push(listedGroup('resources', ['resources/list', resources], (item) => `resource ${shown(item.uri)}`, resourceTexts));
    const templates = await listed(ctx, client, 'resources/templates/list', unread);
    groups.push(
      listedGroup('resource templates', ['resources/templates/list', templates], (item) => `resource template ${shown(item.uriTemplate)}`, resourceTexts),
    );
    groups.push(
      fixedGroup(
        'resource texts read',
        await resourceContents(
          ctx,
          resources.flatMap((page) => page.items),
          toolNames,
        ),
      ),
    );
  }
  const instructions = client.instructions;
  if (instructions) {
    const method = ctx.era === 'modern' ? 'server/discover' : 'initialize';
    groups.push(
      fixedGroup('server instructions', [
        {
          kind: 'server instructions',
          label: 'server instructions',
          location: () => ({ method }),
          texts: () => [{ text: instructions, kind: 'description', pointer: '/instructions' }],
          scan: {},
          otherTools: toolNames,
        },
      ]),
    );
  }
  return groups;
}

function groupOf(kind: Source['kind'], pages: ListedPage[], make: (item: Record<string, unknown>, evidence: Evidence[]) => Source): SourceGroup {
  return {
    kind,
    count: pages.reduce((count, page) => count + page.items.length, 0),
    *sources() {
      for (const page of pages) for (const item of page.items) yield make(item, page.evidence);
    },
  };
}

function fixedGroup(kind: Source['kind'], sources: Source[]): SourceGroup {
  return { kind, count: sources.length, sources: () => sources };
}

/** The pages of a list (all read), each with its evidence; why it stopped short goes to `unread`. */
async function listed(ctx: CheckContext, client: McpClient, method: ListMethod, unread: string[]): Promise<ListedPage[]> {
  if (ctx.signal.aborted) return [];
  const listing = await listPages(client, method).catch((error: unknown) => {
    unread.push(`${method}: ${(error as Error).message}`);
    return unanswered(error);
  });
  if (listing?.problem) unread.push(listing.problem.message);
  return (listing?.pages ?? []).map((page) => ({ items: page.items.filter(isObject), evidence: [ctx.evidence(page.outcome.frames)] }));
}

/** The text of the first listed text resources (binary ones are skipped; base64 in a file is ordinary, so only encoded injections count). */
async function resourceContents(ctx: CheckContext, resources: Record<string, unknown>[], toolNames: string[]): Promise<Source[]> {
  const textual = resources.filter((r) => typeof r.uri === 'string' && (typeof r.mimeType !== 'string' || isTextType(r.mimeType)));
  const sources: Source[] = [];
  for (const resource of textual.slice(0, MAX_RESOURCE_READS)) {
    if (ctx.signal.aborted) break;
    const uri = resource.uri as string;
    const outcome = await ctx.client.readResource(uri).catch(unanswered);
    // A server that leaves one read unanswered would leave the others too: stop waiting.
    if (!outcome) break;
    const contents = isObject(outcome.result) && Array.isArray(outcome.result.contents) ? outcome.result.contents : [];
    const texts: ServedText[] = contents
      .slice(0, 20)
      .flatMap((content, index) =>
        isObject(content) && typeof content.text === 'string'
          ? [{ text: content.text.slice(0, MAX_SCANNED), kind: 'text' as const, pointer: `/contents/${index}/text` }]
          : [],
      );
    sources.push({
      kind: 'resource texts read',
      label: `text of resource ${shown(uri)}`,
      location: () => ({ method: 'resources/read' }),
      evidence: [ctx.evidence(outcome.frames)],
      texts: () => texts,
      scan: { encoded: 'instructions' },
      otherTools: toolNames,
    });
  }
  return sources;
}

/** A request that got no answer (timeout, closed connection) leaves nothing to scan; the other suites judge the silence. */
function unanswered(error: unknown): undefined {
  if (error instanceof TransportError) return undefined;
  throw error;
}

/** A server's name or URI in a message: quoted, clipped, its invisible characters escaped (they may be the finding). */
const shown = (value: unknown): string => `"${displayQuote(String(value), 80)}"`;

const isTextType = (mimeType: string): boolean => /^text\/|[/+](?:json|xml|yaml|markdown|x-yaml|javascript)\b/i.test(mimeType);

function describe(groups: SourceGroup[]): string {
  const counts = new Map<string, number>();
  for (const { kind, count } of groups) if (count > 0) counts.set(kind, (counts.get(kind) ?? 0) + count);
  return [...counts].map(([kind, n]) => (kind === 'server instructions' ? kind : `${n} ${kind}`)).join(', ');
}
