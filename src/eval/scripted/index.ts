/** The scripted model, as the library exports it. */
export { startScriptedModel, type ScriptedModel, type ScriptedModelOptions, type ModelProtocol } from './server.js';
export {
  loadScript as loadModelScript,
  parseScript as parseModelScript,
  ScriptError as ModelScriptError,
  type ScriptedModelScript,
  type ScriptRule,
  type ScriptReply,
  type ScriptToolCall,
  type ScriptMatch,
} from './script.js';
