/**
 * JUnit XML of a fuzz run, for CI test panels: a <testsuite> per tool (and one for the envelope),
 * a <testcase> per property, failed with the minimal input and the command that reproduces it.
 */
import { escapeXml } from '../junit.js';
import { PROPERTIES, PROPERTY_IDS, ruleId, type PropertyId } from '../../fuzz/properties.js';
import type { FuzzFailure, FuzzReport } from '../../fuzz/report.js';
import { redactFuzzReport } from './redact.js';

const TOOL_PROPERTIES = PROPERTY_IDS.filter((id) => !id.startsWith('envelope-'));
const ENVELOPE_PROPERTIES = PROPERTY_IDS.filter((id) => id.startsWith('envelope-'));

export function renderFuzzJunit(input: FuzzReport): string {
  const report = redactFuzzReport(input);
  const suites = report.tools.map((tool) =>
    suite(
      `fuzz ${tool.name}`,
      TOOL_PROPERTIES,
      report.failures.filter((failure) => failure.tool === tool.name),
      `${tool.calls} calls (${tool.valid} valid, ${tool.invalid} invalid); inputs sha256 ${tool.inputsDigest}`,
    ),
  );
  if (report.envelope)
    suites.push(
      suite(
        'fuzz envelope',
        ENVELOPE_PROPERTIES,
        report.failures.filter((failure) => failure.envelope !== undefined),
        `${report.envelope.messages} malformed messages`,
      ),
    );
  const tests = suites.reduce((sum, entry) => sum + entry.tests, 0);
  const failures = suites.reduce((sum, entry) => sum + entry.failures, 0);
  const seconds = (report.durationMs / 1000).toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcpvet fuzz" tests="${tests}" failures="${failures}" errors="0" skipped="0" time="${seconds}" timestamp="${escapeXml(report.startedAt)}">`,
    ...suites.map((entry) => entry.xml),
    '</testsuites>',
    '',
  ].join('\n');
}

function suite(name: string, properties: PropertyId[], failures: FuzzFailure[], summary: string): { xml: string; tests: number; failures: number } {
  const cases = properties.map((property) => {
    const failed = failures.filter((failure) => failure.property === property);
    const attrs = `name="${escapeXml(`${ruleId(property)}: ${PROPERTIES[property].title}`)}" classname="${escapeXml(`mcpvet.${name.replace(/\s+/g, '.')}`)}"`;
    if (failed.length === 0) return `    <testcase ${attrs}/>`;
    const body = failed.map(details).join('\n\n');
    return `    <testcase ${attrs}><failure message="${escapeXml(failed[0]!.message)}" type="${ruleId(property)}">${escapeXml(body)}</failure></testcase>`;
  });
  const count = cases.filter((xml) => xml.includes('<failure')).length;
  return {
    tests: cases.length,
    failures: count,
    xml: [
      `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${count}" errors="0" skipped="0">`,
      ...cases,
      `    <system-out>${escapeXml(summary)}</system-out>`,
      '  </testsuite>',
    ].join('\n'),
  };
}

function details(failure: FuzzFailure): string {
  return [
    failure.message,
    ...(failure.pointer ? [`argument: ${failure.pointer}`] : []),
    ...(failure.args !== undefined ? [`minimal input: ${JSON.stringify(failure.args)}`] : []),
    ...(failure.mutation ? [`made invalid: ${failure.mutation}`] : []),
    `reproduce: ${failure.reproduce}`,
  ].join('\n');
}
