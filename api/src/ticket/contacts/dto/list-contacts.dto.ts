import { PageQueryDto } from '../../../common/http/pagination';

/** searchParam matches the name (any part, case-insensitive) or, by its digits, the number. */
export class ListContactsDto extends PageQueryDto {}
