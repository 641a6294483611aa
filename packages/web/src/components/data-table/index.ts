export { DataTable, tableQuery, type TableSelection } from './data-table';
export { PageSizeSelect, pageSizeOf, pageSizes, type PageSize } from './page-size-select';
export { byNumber, byText, nextSort, sortRows, type Column, type SortState } from './types';
export { useSelection, type Selection } from './use-selection';
export { SelectionBar } from './selection-bar';
