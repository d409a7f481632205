export { defineEntityForm, parseRouteId, useEntityModal, type EntityFormDef, type EntityModalState } from './entity-form';
export { EntityFormModal, EntityFormPage } from './EntityForm';
export { RowActions } from './RowActions';
export { useConfirmedRemove } from './use-confirmed-remove';
