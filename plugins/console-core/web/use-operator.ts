import { useRoot } from '../../../core/web';
import { OPERATOR_STORE, type OperatorStore } from './operator-store';

export function useOperator(): OperatorStore {
  return useRoot().store<OperatorStore>(OPERATOR_STORE);
}
