import { defineErrors } from '../../common/http/errors';

/** Error codes of the campaign routes. */
export const CampaignError = defineErrors({
  ERR_CAMPAIGN_NOT_FOUND: { status: 404, message: 'Campaign not found' },
  ERR_CAMPAIGN_NOT_EDITABLE: {
    status: 409,
    message: 'The campaign can no longer be changed: only a draft, a campaign scheduled more than an hour ahead, or the messages of a cancelled one',
  },
  ERR_CAMPAIGN_STATUS: { status: 409, message: 'The campaign is not in a state that allows this' },
  ERR_CAMPAIGN_INCOMPLETE: { status: 400, message: 'A scheduled campaign needs a connection, recipients (a contact list or a tag) and at least one message' },
});
