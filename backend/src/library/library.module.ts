import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module';
import { LibraryController } from './library.controller';
import { LibraryService } from './library.service';

/** Posts gathered across the feeds: saved posts, the drill library, tag pages and trending tags. */
@Module({
  imports: [PostsModule],
  controllers: [LibraryController],
  providers: [LibraryService],
})
export class LibraryModule {}
