/** What other features use: the child form (registration embeds the modal in registration mode) and its values, and the subject-settings form (workers, profile). */
export { ChildForm, SLUG_DEBOUNCE_MS, type ChildFormProps } from './components/ChildForm';
export { ChildFormModal, type ChildFormModalProps } from './components/ChildFormModal';
export {
  CARD_NUMBER_PATTERN,
  childFormSchema,
  dietAllowsAllergens,
  dietServes,
  emptyChildValues,
  toChildRequest,
  toSubjectSettingsRequest,
  type ChildFormValues,
  type ChildFormVisibility,
} from './components/child-form-model';
export type { ChildFormMode } from './components/use-child-form-rights';
export { children, type ChildRow, type LoadedChild } from './api/children';
export { SubjectSettingsForm } from './components/SubjectSettingsForm';
