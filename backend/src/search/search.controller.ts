import { Controller, Get } from '@nestjs/common';
import { searchQuerySchema, type SearchQuery, type SearchReply, type SessionUser } from '@piste/contracts';
import { CurrentUser } from '../common/decorators';
import { ParsedQuery } from '../common/zod.pipe';
import { SearchService } from './search.service';

/** The search box and the results page: posts and fencers for what the user typed. */
@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get('search')
  search(
    @CurrentUser() user: SessionUser,
    @ParsedQuery(searchQuerySchema) query: SearchQuery,
  ): Promise<SearchReply> {
    return this.searchService.search(user, query);
  }
}
