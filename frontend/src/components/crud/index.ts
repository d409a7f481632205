export { defineEntityForm, parseRouteId, useEntityModal, type EntityFormDef, type EntityModalState } from './entity-form';
export { EntityFormModal, EntityFormPage } from './EntityForm';
export { ListPage } from './ListPage';
export { MoreMenu, type MoreMenuItem } from './MoreMenu';
export { RemoveButton } from './RemoveButton';
export { RowActions } from './RowActions';
export { useAskRemoval, useConfirmedRemove } from './use-confirmed-remove';
