import { addSubordinateCompany, companyUnitList, saveSubordinateCompany, switchCompany } from '@zhaokao/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

/** The headquarters and its units; asked again whenever the page opens (staff and plan counts change elsewhere). */
export const useCompanyUnits = () => useEndpointQuery(companyUnitList, {}, { refetchOnMount: 'always' });
export const useAddUnit = () => useEndpointMutation(addSubordinateCompany, { invalidates: [companyUnitList] });
export const useSaveUnit = () => useEndpointMutation(saveSubordinateCompany, { invalidates: [companyUnitList] });
/** Ends this session and answers the new one in the other company (the server sets its cookie). */
export const useSwitchCompany = () => useEndpointMutation(switchCompany);
