import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Me } from '@kelola/contracts/me';
import type { Member } from '@kelola/contracts/workspaces';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useListQuery } from '../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useMembers, useRestrictionNames, useRoles } from '../api/users-api.ts';
import { useConfirmRemoveMember } from './use-confirm-remove-member.tsx';
import { RestrictionText } from './restriction-text.tsx';

const FILTERS = ['q', 'role_id'] as const;

/** Why a row's write action is not offered to this user, or null when it is. */
export function blockedReason(member: Member, me: Me | undefined, action: 'edit' | 'delete'): string | null {
  if (action === 'delete' && me && member.id === me.id) return 'CANNOT_REMOVE_SELF';
  if (member.is_owner && me?.role_name !== 'Owner') return 'OWNER_ONLY';
  return null;
}

/** Workspace members with role, reach and status; the page, size and filters live in the URL. */
export function MembersPanel({ me }: { me: Me | undefined }) {
  const { t } = useTranslation('users');
  const location = useLocation();
  const canWrite = useCan('user-management', 'WRITE');
  const query = useListQuery({ filterKeys: FILTERS });
  const members = useMembers(query.params);
  const roles = useRoles();
  const names = useRestrictionNames(members.data?.items ?? []);
  const confirmRemove = useConfirmRemoveMember();

  const columns: ListColumn<Member>[] = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, member) => (
        <Space size={4} wrap>
          <Typography.Text strong>{member.full_name}</Typography.Text>
          {me && member.id === me.id && <Tag>{t('members.you')}</Tag>}
        </Space>
      ),
    },
    { key: 'email', title: t('columns.email'), render: (_, member) => member.email ?? '–' },
    { key: 'phone', title: t('columns.phone'), render: (_, member) => member.phone ?? '–' },
    {
      key: 'role',
      title: t('columns.role'),
      render: (_, member) => (member.is_owner ? <Tag color="gold">{member.role_name}</Tag> : member.role_name),
    },
    {
      key: 'restriction',
      title: t('columns.restriction'),
      render: (_, member) => <RestrictionText base={member.restriction_base} list={member.restriction_list} names={names} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_, member) => <StatusTag status={member.status} label={t(`members.statuses.${member.status}`)} />,
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      render: (_, member) => {
        const editBlock = blockedReason(member, me, 'edit');
        const deleteBlock = blockedReason(member, me, 'delete');
        return (
          <Space>
            <Tooltip title={editBlock ? t(`errors:${editBlock}`) : t('common.edit')}>
              <Link
                to={withWorkspaceQuery(`/user-management/edit-user?id=${encodeURIComponent(member.id)}`, location.search)}
                onClick={(event) => editBlock && event.preventDefault()}
              >
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  disabled={Boolean(editBlock)}
                  aria-label={`${t('common.edit')} ${member.full_name}`}
                  data-testid={`edit-${member.id}`}
                />
              </Link>
            </Tooltip>
            <Tooltip title={deleteBlock ? t(`errors:${deleteBlock}`) : t('members.remove')}>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={Boolean(deleteBlock)}
                onClick={() => confirmRemove(member)}
                aria-label={`${t('members.remove')}: ${member.full_name}`}
                data-testid={`delete-${member.id}`}
              />
            </Tooltip>
          </Space>
        );
      },
    });
  }

  return (
    <ListPage<Member, (typeof FILTERS)[number]>
      title={t('members.title')}
      query={query}
      columns={columns}
      rowKey="id"
      data={members.data}
      loading={members.isFetching}
      error={members.error}
      onRetry={() => void members.refetch()}
      search={{ filter: 'q', placeholder: t('members.search') }}
      filters={
        <Select
          allowClear
          value={query.filters.role_id}
          onChange={(value?: string) => query.setFilters({ role_id: value })}
          placeholder={t('members.allRoles')}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.name }))}
          style={{ minWidth: 200 }}
          aria-label={t('columns.role')}
        />
      }
      empty={{ description: t('members.empty') }}
    />
  );
}
