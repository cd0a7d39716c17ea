import { Box } from '@mui/material';
import { FunctionField, Labeled, ListButton, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import type { {{OnePascal}} } from '../../../common/{{kebab}}';
import RecordHistory from '../../components/RecordHistory';
import { RecordShow } from '../../components/RecordPage';
import { WriteButtons } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import { {{OnePascal}}StatusChip } from './{{OnePascal}}List';

/** Every stored field of one {{oneLabel}}, and its history. */
export default function {{OnePascal}}Show() {
  const { money, dateTime } = useFormat();
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <WriteButtons resource="{{kebab}}" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="name" variant="h6" label={false} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled source="status">
            <{{OnePascal}}StatusChip />
          </Labeled>
          <Labeled>
            <FunctionField<{{OnePascal}}> source="price" render={(r) => money(r.price)} />
          </Labeled>
          <Labeled>
            <FunctionField<{{OnePascal}}> source="createdAt" render={(r) => dateTime(r.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<{{OnePascal}}> source="updatedAt" render={(r) => dateTime(r.updatedAt)} />
          </Labeled>
        </Box>
        <RecordHistory entity="{{entity}}" />
      </SimpleShowLayout>
    </RecordShow>
  );
}
