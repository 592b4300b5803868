import { PageQueryDto } from '../../../common/pagination';

/** searchParam matches the name (any part, case-insensitive) or, by its digits, the number. */
export class ListContactsDto extends PageQueryDto {}
