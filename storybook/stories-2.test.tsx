// Half of the kit's stories (see stories-suite.tsx): two files, so both cores render them.
import { defineStoryTests } from './stories-suite';

await defineStoryTests(2);
