import { CropList } from '../../../features/harvest/components/crop-list';
import { paths } from '../../paths';

/** /applicationManager/crops: all crops (all articles), with the spreadsheet import. */
export function ManagerCropsRoute() {
  return (
    <CropList hrefOf={paths.manager.crops.detail.getHref} newHref={paths.manager.crops.create.getHref()} />
  );
}
