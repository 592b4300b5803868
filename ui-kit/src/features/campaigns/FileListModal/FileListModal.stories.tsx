import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleFileLists } from '../files-and-settings-story-data';
import { FileListModal } from './FileListModal';

const meta = {
  title: 'Campaigns/FileListModal',
  component: FileListModal,
  args: { isOpen: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof FileListModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adding: name, message and no files yet. */
export const Add: Story = {};
/** Editing a list with two files. */
export const Edit: Story = { args: { fileList: sampleFileLists[0] } };
