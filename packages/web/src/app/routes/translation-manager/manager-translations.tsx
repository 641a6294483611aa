import { TranslationList } from '../../../features/translation/components/translation-list';

/** /applicationManager/translations: every text of the app, searchable, each with the farm's own. */
export function ManagerTranslationsRoute() {
  return <TranslationList />;
}
