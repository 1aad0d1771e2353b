import { useEffect, useState } from 'react';
import { Button, Card, Stack, Textarea, Field } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import { WORKORDER_CATEGORIES, WORKORDER_SUBJECTS, type Attachment } from '../../../contract/schemas/workorder';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { PageHeader } from '../../components/table/PageHeader';
import { toaster } from '../../components/feedback/toaster';
import { subjectsOf, useSubmitWorkorder } from './api';
import { AttachmentPicker } from './Attachments';

type Category = (typeof WORKORDER_CATEGORIES)[number];
type Subject = (typeof WORKORDER_SUBJECTS)[number];

/** /workorder/commit ("submit work order"): category, title, description, files, and optionally what it concerns (of the user's own). */
export default function WorkorderCommitPage() {
  const { t, ready } = useTranslation('workorder');
  const [, navigate] = useLocation();
  const [category, setCategory] = useState<Category>('other');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [subjectType, setSubjectType] = useState<Subject | ''>('');
  const [subjectId, setSubjectId] = useState('');
  const [subjects, setSubjects] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    setSubjectId('');
    setSubjects([]);
    if (subjectType) void subjectsOf(subjectType).then(setSubjects, () => setSubjects([]));
  }, [subjectType]);
  const submission = useSubmitWorkorder({
    onSucceeded: (created) => {
      toaster.create({ type: 'success', title: t('workorder.submitted', { id: created.workorder.id }) });
      navigate(`${ConsolePath.workorderMine}?id=${created.workorder.id}`);
    },
  });
  if (!ready) return <PageLoading />;
  const complete = title.trim() && description.trim() && (!subjectType || subjectId);
  return (
    <Stack gap="4" maxW="3xl">
      <PageHeader title={t('routes.workorder.commit')} description={t('workorder.description')} />
      <Card.Root>
        <Card.Body>
          <Stack
            as="form"
            gap="4"
            onSubmit={(event) => {
              event.preventDefault();
              if (complete)
                submission.submit({
                  category,
                  title: title.trim(),
                  description: description.trim(),
                  attachments: files.map((f) => f.url),
                  ...(subjectType && subjectId ? { subject_type: subjectType, subject_id: Number(subjectId) } : {}),
                });
            }}
          >
            <SelectField
              label={t('workorder.fields.category')}
              name="category"
              value={category}
              options={WORKORDER_CATEGORIES.map((c) => ({ value: c, label: t(`workorder.categories.${c}`) }))}
              onValueChange={(value) => setCategory(value as Category)}
            />
            <TextField label={t('workorder.fields.title')} name="title" value={title} maxLength={200} onValueChange={setTitle} />
            <Field.Root>
              <Field.Label>{t('workorder.fields.description')}</Field.Label>
              <Textarea
                name="description"
                rows={6}
                maxLength={10000}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
              />
            </Field.Root>
            <SelectField
              label={t('workorder.fields.subjectType')}
              name="subject_type"
              value={subjectType}
              blank={t('workorder.fields.subjectNone')}
              options={WORKORDER_SUBJECTS.map((s) => ({ value: s, label: t(`workorder.subjects.${s}`) }))}
              onValueChange={(value) => setSubjectType(value as Subject | '')}
            />
            {subjectType && (
              <SelectField
                label={t(`workorder.subjects.${subjectType}`)}
                name="subject_id"
                value={subjectId}
                blank={t('workorder.fields.subjectPick')}
                options={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
                onValueChange={setSubjectId}
              />
            )}
            <AttachmentPicker value={files} onChange={setFiles} />
            <FailureAlert failure={submission.error} />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-end"
              disabled={!complete}
              loading={submission.state === 'submitting'}
            >
              {t('workorder.actions.submit')}
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
