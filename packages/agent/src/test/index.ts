export { createScriptedModel, type ScriptedCall, type ScriptedReply } from './scripted-model.ts';
