import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const cropManager = { role: 'CropManager' } as const;
const fieldManager = { role: 'FieldManager' } as const;
const plukManager = { role: 'PlukManager' } as const;

/**
 * The harvest manager's screens (decision 074): crops (articles in the cooperative wording) for the
 * CropManager, fields for the FieldManager, the pluk and its e-mail for the PlukManager. Spread into
 * the router before the not-found route; forms open in the modal layout.
 */
export const harvestManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.crops.list.path,
    lazy: async () => ({ Component: (await import('./manager-crops')).ManagerCropsRoute }),
    handle: handle({
      access: cropManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.crops',
      cooperativeTitleKey: 'harvest:titles.cropsCooperative',
    }),
  },
  {
    path: paths.manager.crops.create.path,
    lazy: async () => ({ Component: (await import('./manager-crop-new')).ManagerCropNewRoute }),
    handle: handle({
      access: cropManager,
      layout: 'modal',
      titleKey: 'harvest:titles.cropNew',
      cooperativeTitleKey: 'harvest:titles.cropNewCooperative',
    }),
  },
  {
    path: paths.manager.crops.edit.path,
    lazy: async () => ({ Component: (await import('./manager-crop-edit')).ManagerCropEditRoute }),
    handle: handle({
      access: cropManager,
      layout: 'modal',
      titleKey: 'harvest:titles.cropEdit',
      cooperativeTitleKey: 'harvest:titles.cropEditCooperative',
    }),
  },
  {
    path: paths.manager.crops.detail.path,
    lazy: async () => ({ Component: (await import('./manager-crop-detail')).ManagerCropDetailRoute }),
    handle: handle({
      access: cropManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.crop',
      cooperativeTitleKey: 'harvest:titles.cropCooperative',
    }),
  },
  {
    path: paths.manager.fields.list.path,
    lazy: async () => ({ Component: (await import('./manager-fields')).ManagerFieldsRoute }),
    handle: handle({ access: fieldManager, layout: 'applicationManager', titleKey: 'harvest:titles.fields' }),
  },
  {
    path: paths.manager.fields.create.path,
    lazy: async () => ({ Component: (await import('./manager-field-new')).ManagerFieldNewRoute }),
    handle: handle({ access: fieldManager, layout: 'modal', titleKey: 'harvest:titles.fieldNew' }),
  },
  {
    path: paths.manager.fields.detail.path,
    lazy: async () => ({ Component: (await import('./manager-field-detail')).ManagerFieldDetailRoute }),
    handle: handle({ access: fieldManager, layout: 'applicationManager', titleKey: 'harvest:titles.field' }),
  },
  {
    path: paths.manager.pluk.list.path,
    lazy: async () => ({ Component: (await import('./manager-pluk')).ManagerPlukRoute }),
    handle: handle({
      access: plukManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.pluk',
      cooperativeTitleKey: 'harvest:titles.plukCooperative',
    }),
  },
  {
    path: paths.manager.pluk.overview.path,
    lazy: async () => ({ Component: (await import('./manager-pluk-overview')).ManagerPlukOverviewRoute }),
    handle: handle({
      access: plukManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.plukOverview',
      cooperativeTitleKey: 'harvest:titles.plukOverviewCooperative',
    }),
  },
  {
    path: paths.manager.pluk.edit.path,
    lazy: async () => ({ Component: (await import('./manager-pluk-edit')).ManagerPlukEditRoute }),
    handle: handle({
      access: plukManager,
      layout: 'modal',
      titleKey: 'harvest:titles.plukEdit',
      cooperativeTitleKey: 'harvest:titles.plukEditCooperative',
    }),
  },
  {
    path: paths.manager.pluk.detail.path,
    lazy: async () => ({ Component: (await import('./manager-pluk-crop')).ManagerPlukCropRoute }),
    handle: handle({
      access: plukManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.plukCrop',
      cooperativeTitleKey: 'harvest:titles.plukCropCooperative',
    }),
  },
  {
    path: paths.manager.communication.sendPluk.path,
    lazy: async () => ({ Component: (await import('./manager-send-pluk')).ManagerSendPlukRoute }),
    handle: handle({
      access: plukManager,
      layout: 'applicationManager',
      titleKey: 'harvest:titles.sendPluk',
      cooperativeTitleKey: 'harvest:titles.sendPlukCooperative',
    }),
  },
];
