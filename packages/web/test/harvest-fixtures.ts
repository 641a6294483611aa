import type {
  CropDetail,
  CropImportPreview,
  CropListItem,
  CropPluk,
  Field,
  PlukMailPreview,
  PlukMailRound,
  PlukMailRoundDetail,
  PlukOverview,
} from '@pluk/contract';
import { feedPage, json, type StubHandler } from './utils';

/** Test data of the harvest manager screens (decision 074). */
export function makeCropListItem(overrides: Partial<CropListItem> = {}): CropListItem {
  return {
    id: 7,
    name: 'Rode biet',
    unit: 'bussel',
    hint: 'Trek ze voorzichtig uit.',
    isActive: true,
    photoId: null,
    fields: [{ id: 3, name: 'Noordveld' }],
    pickableCount: 1,
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeCropDetail(overrides: Partial<CropDetail> = {}): CropDetail {
  return {
    id: 7,
    name: 'Rode biet',
    description: 'Zoete bieten.',
    howToHarvest: 'Trek aan het loof.',
    hint: 'Trek ze voorzichtig uit.',
    unit: 'bussel',
    isActive: true,
    fields: [{ id: 3, name: 'Noordveld' }],
    photoIds: [],
    availability: [
      {
        cropId: 7,
        subscriptionId: 1,
        subscriptionName: 'Groot aandeel',
        harvestYear: 2026,
        isPickable: true,
        amountPerShare: '1 bussel per week',
        updatedAt: '2026-06-01T10:00:00.000Z',
      },
    ],
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeField(overrides: Partial<Field> = {}): Field {
  return {
    id: 3,
    name: 'Noordveld',
    description: 'Achter de schuur.',
    position: 1,
    cropCount: 2,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const overview: PlukOverview = {
  harvestYear: 2026,
  subscriptions: [
    { id: 1, name: 'Groot aandeel', isActive: true },
    { id: 2, name: 'Klein aandeel', isActive: true },
  ],
  crops: [
    { id: 7, name: 'Rode biet', unit: 'bussel' },
    { id: 8, name: 'Sla', unit: 'krop' },
  ],
  cells: [{ cropId: 7, subscriptionId: 1, isPickable: true, amountPerShare: '1 bussel per week' }],
};

export const cropPluk: CropPluk = {
  cropId: 7,
  name: 'Rode biet',
  unit: 'bussel',
  isActive: true,
  availability: [
    {
      cropId: 7,
      subscriptionId: 1,
      subscriptionName: 'Groot aandeel',
      harvestYear: 2026,
      isPickable: true,
      amountPerShare: '1 bussel per week',
      updatedAt: '2026-06-01T10:00:00.000Z',
    },
    {
      cropId: 7,
      subscriptionId: 2,
      subscriptionName: 'Klein aandeel',
      harvestYear: 2026,
      isPickable: false,
      amountPerShare: '',
      updatedAt: null,
    },
  ],
};

export const importPreviewWithError: CropImportPreview = {
  rows: [
    {
      row: 2,
      name: 'Sla',
      description: '',
      howToHarvest: '',
      hint: '',
      unit: 'krop',
      fieldNames: ['Noordveld'],
      isActive: true,
      action: 'create',
      errors: [],
    },
    {
      row: 3,
      name: '',
      description: '',
      howToHarvest: '',
      hint: '',
      unit: 'kg',
      fieldNames: [],
      isActive: true,
      action: 'create',
      errors: [{ row: 3, column: 'Naam', message: 'Vul een naam in.' }],
    },
  ],
  creates: 2,
  updates: 0,
  errorCount: 1,
  canImport: false,
};

export const importPreviewOk: CropImportPreview = {
  rows: [
    { ...importPreviewWithError.rows[0]! },
    { ...importPreviewWithError.rows[0]!, row: 3, name: 'Rode biet', action: 'update' },
  ],
  creates: 1,
  updates: 1,
  errorCount: 0,
  canImport: true,
};

export const mailPreview: PlukMailPreview = {
  recipients: 3,
  subject: 'De pluk van deze week',
  subscriptions: [
    {
      subscriptionId: 1,
      subscriptionName: 'Groot aandeel',
      recipients: 3,
      crops: [{ name: 'Rode biet', amountPerShare: '1 bussel per week', unit: 'bussel' }],
    },
  ],
  exampleText: 'Dag Lien,\n\nDeze week mag je plukken: Rode biet (1 bussel per week).',
};

export const mailRound: PlukMailRound = {
  id: 40,
  startedAt: '2026-06-05T08:00:00.000Z',
  subscriptionNames: ['Groot aandeel'],
  recipients: 3,
  sent: 1,
  notSent: 0,
  failed: 0,
  waiting: 2,
};

export const mailRoundDetail: PlukMailRoundDetail = {
  ...mailRound,
  recipientList: [
    {
      userId: 3,
      name: 'Lien Lid',
      email: 'lid@example.be',
      status: 'sent',
      finishedAt: '2026-06-05T08:00:05.000Z',
    },
    { userId: 4, name: 'Tom Taker', email: 'tom@example.be', status: 'waiting', finishedAt: null },
  ],
};

/** Every harvest manager call answered with the data above. */
export const harvestHandlers: Record<string, StubHandler> = {
  'GET /api/applicationManager/Crop': () => json(feedPage([makeCropListItem()])),
  'GET /api/applicationManager/Crop/7': () => json(makeCropDetail()),
  'GET /api/applicationManager/Field': () => json([makeField()]),
  'GET /api/applicationManager/Crop/fields': () => json([{ id: 3, name: 'Noordveld' }]),
  'GET /api/applicationManager/Field/3': () => json(makeField()),
  'GET /api/applicationManager/pluk/overview': () => json(overview),
  'GET /api/applicationManager/pluk/7': () => json(cropPluk),
  'GET /api/applicationManager/PlukOfTheWeekEmails': () => json([]),
  'GET /api/applicationManager/PlukOfTheWeekEmails/40': () => json(mailRoundDetail),
  'GET /api/notification': () => json([]),
};
