export {
  DEFAULT_TRIGGER_EVAL_TOP,
  type EvaluateTriggersOfflineOptions,
  evaluateTriggersOffline,
  TRIGGER_EVAL_SCORE_SHARE,
} from './evaluate-triggers-offline.ts';
export { type RunTriggerCasesOptions, runTriggerCases } from './run-trigger-cases.ts';
export {
  checkTriggerEvalThresholds,
  judgeTriggerCase,
  summarizeTriggerEval,
  type TriggerCaseResult,
  type TriggerEvalReport,
  type TriggerEvalThresholds,
} from './trigger-eval-report.ts';
export {
  MAXIMUM_TRIGGER_EVAL_CASES,
  MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH,
  type ParsedTriggerEvalSet,
  parseTriggerEvalSet,
  readTriggerEvalSet,
  TRIGGER_EVAL_SET_PATH,
  type TriggerEvalCase,
} from './trigger-eval-set.ts';
